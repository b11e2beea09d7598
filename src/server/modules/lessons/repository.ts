import { and, asc, count, eq, gt, gte, inArray, isNull, lt, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { levels, teacherStudents, teacherTaughtLanguages, timeSlots } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'

// SQL of booking (issue #4 item 4). "Active" lessons are the ones not cancelled: they hold their
// slot (partial unique index lessons_active_slot_key) and count against every limit.

export type LessonRow = typeof lessons.$inferSelect
export type SlotRow = typeof timeSlots.$inferSelect
export type NewLesson = Pick<
  typeof lessons.$inferInsert,
  'studentId' | 'teacherId' | 'timeSlotId' | 'languageId' | 'levelId' | 'startsAt' | 'endsAt'
>

const active = isNull(lessons.cancelledAt)

/** The teacher's requested slots, locked until the transaction ends; others' slots are not found. */
export async function lockTeacherSlots(db: Db, teacherId: string, slotIds: string[]): Promise<SlotRow[]> {
  return db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.teacherId, teacherId), inArray(timeSlots.id, slotIds)))
    .orderBy(asc(timeSlots.startsAt))
    .for('update')
}

/** Ids of those slots that hold an active lesson. */
export async function bookedSlotIds(db: Db, slotIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: lessons.timeSlotId })
    .from(lessons)
    .where(and(inArray(lessons.timeSlotId, slotIds), active))
  return rows.flatMap((row) => (row.id === null ? [] : [row.id]))
}

/**
 * spec §5 Schedule confirm: the teacher teaches `languageId` at a level of rank at least that of
 * `levelId` (levels at or below the teacher's are offered).
 */
export async function teachesAtLevel(
  db: Db,
  input: { teacherId: string; languageId: number; levelId: number },
): Promise<boolean> {
  const requested = alias(levels, 'requested_level')
  const [row] = await db
    .select({ teacherId: teacherTaughtLanguages.teacherId })
    .from(teacherTaughtLanguages)
    .innerJoin(levels, eq(levels.id, teacherTaughtLanguages.levelId))
    .innerJoin(requested, eq(requested.id, input.levelId))
    .where(
      and(
        eq(teacherTaughtLanguages.teacherId, input.teacherId),
        eq(teacherTaughtLanguages.languageId, input.languageId),
        gte(levels.rank, requested.rank),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** spec §4 allowed students: the student is on the teacher's list. */
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

/** The teacher's active lessons starting in [from, to). */
export async function countTeacherLessons(db: Db, teacherId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lessons)
    .where(
      and(eq(lessons.teacherId, teacherId), active, gte(lessons.startsAt, from), lt(lessons.startsAt, to)),
    )
  return row?.n ?? 0
}

export async function insertLessons(db: Db, values: NewLesson[]): Promise<LessonRow[]> {
  return db.insert(lessons).values(values).returning()
}
