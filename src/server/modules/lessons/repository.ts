import { and, asc, eq, gt, gte, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { teacherStudents } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'

// Lessons' SQL shared with the board and profiles. "Active" lessons are the ones not cancelled:
// they hold their slot (partial unique index lessons_active_slot_key) and count against every
// limit. The booking itself is one database function (db/functions/book-lessons.sql,
// book-lessons.ts).

export type LessonRow = typeof lessons.$inferSelect
const active = isNull(lessons.cancelledAt)

/** product-rules.md "Allowed students": the student is on the teacher's list. */
export async function isAllowedStudent(db: Db, teacherId: string, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ studentId: teacherStudents.studentId })
    .from(teacherStudents)
    .where(and(eq(teacherStudents.teacherId, teacherId), eq(teacherStudents.studentId, studentId)))
    .limit(1)
  return row !== undefined
}

/**
 * The student's active lessons that have not ended at `now` or that start in [from, to): one
 * index-served query (lessons_student_starts_idx) for both the limit and the date rules.
 */
export async function studentLessons(
  db: Db,
  studentId: string,
  window: { now: Date; from: Date; to: Date },
): Promise<Pick<LessonRow, 'startsAt' | 'endsAt'>[]> {
  return db
    .select({ startsAt: lessons.startsAt, endsAt: lessons.endsAt })
    .from(lessons)
    .where(
      and(
        eq(lessons.studentId, studentId),
        active,
        or(
          gt(lessons.endsAt, window.now),
          and(gte(lessons.startsAt, window.from), lt(lessons.startsAt, window.to)),
        ),
      ),
    )
    .orderBy(asc(lessons.startsAt))
}
