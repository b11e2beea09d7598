import { and, count, countDistinct, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { timeSlots, users } from '../../db/schema.ts'
import { aiMessages } from '../../db/schema-ai-lesson.ts'
import { absenceReports, lessons } from '../../db/schema-lessons.ts'
import { fullName } from './lessons-repository.ts'

// The console's overview's SQL (docs/decisions.md "All SQL in repositories"): plain aggregates, one
// statement each, per bucket of the week boundaries given (width_bucket); overview-service.ts
// makes the weeks and reads the answer.

const HOUR_MS = 3_600_000

/**
 * Per week between `bounds` (bucket 1 the first): bookings, cancellations (late ones by a party,
 * inside `earliness` hours, and the school's), accepted absences by the lesson's start, absence
 * reports and the AI lesson's student messages and students. `now` stands for missing bounds.
 */
export async function weeklyActivity(db: Db, bounds: Date[], earliness: number, now: Date) {
  const [first, last] = [bounds[0] ?? now, bounds.at(-1) ?? now]
  const thresholds = sql`ARRAY[${sql.join(
    bounds.map((b) => sql`${b.toISOString()}::timestamptz`),
    sql`, `,
  )}]`
  const bucket = (column: AnyPgColumn) => sql<number>`width_bucket(${column}, ${thresholds})`.mapWith(Number)
  const within = (column: AnyPgColumn): SQL => and(gte(column, first), lt(column, last)) as SQL

  const booked = await db
    .select({ bucket: bucket(lessons.createdAt), n: count() })
    .from(lessons)
    .where(and(within(lessons.createdAt), eq(lessons.isGroup, false)))
    .groupBy(sql`1`)
  const byParty = sql`${lessons.cancelledBy} in (${lessons.studentId}, ${lessons.teacherId})`
  const cancelled = await db
    .select({
      bucket: bucket(lessons.cancelledAt),
      n: count(),
      late: sql<number>`count(*) filter (where ${byParty}
        and ${lessons.startsAt} - ${lessons.cancelledAt} < ${earliness * HOUR_MS} * interval '1 millisecond')`.mapWith(
        Number,
      ),
      school: sql<number>`count(*) filter (where ${lessons.cancelledBy} is null or not (${byParty}))`.mapWith(
        Number,
      ),
    })
    .from(lessons)
    .where(within(lessons.cancelledAt))
    .groupBy(sql`1`)
  const accepted = await db
    .select({ bucket: bucket(lessons.startsAt), n: count() })
    .from(absenceReports)
    .innerJoin(lessons, eq(lessons.id, absenceReports.lessonId))
    .where(and(eq(absenceReports.status, 'accepted'), within(lessons.startsAt)))
    .groupBy(sql`1`)
  const reported = await db
    .select({ bucket: bucket(absenceReports.createdAt), n: count() })
    .from(absenceReports)
    .where(within(absenceReports.createdAt))
    .groupBy(sql`1`)
  const ai = await db
    .select({
      bucket: bucket(aiMessages.createdAt),
      n: count(),
      students: countDistinct(aiMessages.studentId),
    })
    .from(aiMessages)
    .where(and(within(aiMessages.createdAt), eq(aiMessages.role, 'student')))
    .groupBy(sql`1`)
  return { booked, cancelled, accepted, reported, ai }
}

/** Each teacher's published slots in [from, to) and those with a lesson (not cancelled) on them. */
export async function teacherShareRows(db: Db, from: Date, to: Date) {
  const bookedSlots = sql<number>`count(${lessons.id})`.mapWith(Number)
  const rows = await db
    .select({
      id: users.id,
      name: fullName(users),
      email: users.email,
      published: count(timeSlots.id),
      booked: bookedSlots,
    })
    .from(timeSlots)
    .innerJoin(users, eq(users.id, timeSlots.teacherId))
    .leftJoin(lessons, and(eq(lessons.timeSlotId, timeSlots.id), isNull(lessons.cancelledAt)))
    .where(and(gte(timeSlots.startsAt, from), lt(timeSlots.startsAt, to)))
    .groupBy(users.id)
    .orderBy(
      desc(sql`${bookedSlots}::float / greatest(count(${timeSlots.id}), 1)`),
      desc(count(timeSlots.id)),
      users.email,
    )
  return rows
}
