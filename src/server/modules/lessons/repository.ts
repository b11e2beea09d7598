import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { teacherStudents } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'

// Lessons' SQL shared with the board and profiles. "Active" lessons are the ones not cancelled:
// they hold their slot (partial unique index lessons_active_slot_key) and count against every
// limit. The booking itself is one database function (db/functions/book-lessons.sql,
// book-lessons.ts).

export type LessonRow = typeof lessons.$inferSelect
const _active = isNull(lessons.cancelledAt)

/** product-rules.md "Allowed students": the student is on the teacher's list. */
export async function isAllowedStudent(db: Db, teacherId: string, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ studentId: teacherStudents.studentId })
    .from(teacherStudents)
    .where(and(eq(teacherStudents.teacherId, teacherId), eq(teacherStudents.studentId, studentId)))
    .limit(1)
  return row !== undefined
}
