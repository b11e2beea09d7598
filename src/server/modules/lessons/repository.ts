import { and, eq, isNull } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from '../../db/client.ts'
import { teacherStudents } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'

// Lessons' SQL shared with the board and profiles. "Active" lessons are the ones not cancelled:
// they hold their slot (partial unique index lessons_active_slot_key) and count against every
// limit. The booking itself is one database function (db/functions/book-lessons.sql,
// book-lessons.ts), called from here.

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

// The booking's calls of its database functions (booking-lanes.ts batches them), on the pool as
// named prepared statements: one round trip each.

/** The arguments of lektorium_book_lessons (db/functions/book-lessons.sql), one booking. */
export type BookingCall = {
  student: string
  teacher: string
  language: number
  level: number
  slots: string[]
  now: Date
  today: string
  from: string
  to: string
  grace: number
  match: number
  key: string | null
  scope: string
  hash: string | null
}

/** What runs the booking's statements: the process's pool. */
export type BookingPool = Pick<pg.Pool, 'query'>

const SINGLE = {
  name: 'lektorium_book_lessons',
  text: 'select lektorium_book_lessons($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) as outcome',
}
const BATCH = {
  name: 'lektorium_book_lessons_batch',
  text: 'select lektorium_book_lessons_batch($1::jsonb) as outcomes',
}

/**
 * SQLSTATE classes after which the whole batch certainly rolled back and its bookings may be made
 * one by one: data exceptions (22), integrity (23), deadlocks and serialization (40), statement
 * errors (42) and raised errors (P0). Connection and server-state errors are not among them.
 */
const RETRY_ALONE = /^(22|23|40|42|P0)/

/** Whether `error` certainly rolled the whole batch back (RETRY_ALONE). */
export const batchRolledBack = (error: unknown): boolean =>
  error instanceof pg.DatabaseError && RETRY_ALONE.test(error.code ?? '')

const singleValues = (c: BookingCall) => [
  c.student,
  c.teacher,
  c.language,
  c.level,
  c.slots,
  c.now,
  c.today,
  c.from,
  c.to,
  c.grace,
  c.match,
  c.key,
  c.scope,
  c.hash,
]

/** One booking on its own: lektorium_book_lessons, its named prepared statement. */
export async function bookAlone(pool: BookingPool, call: BookingCall): Promise<unknown> {
  const { rows } = await pool.query<{ outcome: unknown }>({ ...SINGLE, values: singleValues(call) })
  return rows[0]?.outcome
}

/** Bookings in one lektorium_book_lessons_batch call, one transaction; its outcomes, unread. */
export async function bookBatch(pool: BookingPool, calls: BookingCall[]): Promise<unknown> {
  const { rows } = await pool.query<{ outcomes: unknown }>({
    ...BATCH,
    // A Date goes as its ISO text (toJSON), which the function reads back as timestamptz.
    values: [JSON.stringify(calls)],
  })
  return rows[0]?.outcomes
}
