import { and, count, countDistinct, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type * as v from 'valibot'
import type { overviewResponse } from '../../../domain/api/admin-overview.ts'
import {
  addDays,
  fromPolandLocal,
  parseDateKey,
  polandDateKey,
  startOfPolandWeek,
} from '../../../domain/poland-time.ts'
import type { ServiceContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { timeSlots, users } from '../../db/schema.ts'
import { aiMessages } from '../../db/schema-ai-lesson.ts'
import { absenceReports, lessons } from '../../db/schema-lessons.ts'
import { showSettings } from '../settings/public.ts'
import { fullName } from './lessons-repository.ts'

// The console's overview: per ISO week (Monday to Monday, Poland time, product-rules.md "Time
// zone") the bookings, cancellations (late ones — inside cancellation_earliness, product-rules.md
// "Cancellation", by a party — and the school's apart), accepted absences and the AI lesson's use;
// and each teacher's booked share of the slots they published in a period. Plain aggregates, one
// statement each: a week is a bucket of the week boundaries (width_bucket), computed here with the
// app's own Poland time.

type Overview = v.InferOutput<typeof overviewResponse>['data']

const SLOT_HOURS = 45 / 60
const HOUR_MS = 3_600_000

/** ISO 8601 week name (2026-W11) of a Monday's `YYYY-MM-DD`: the week of its Thursday. */
export function isoWeekName(monday: string): string {
  const { year, month, day } = parseDateKey(addDays(monday, 3))
  const thursday = Date.UTC(year, month - 1, day)
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / 86_400_000 / 7) + 1
  return `${year}-W${String(week).padStart(2, '0')}`
}

const dayStart = (key: string) => fromPolandLocal(parseDateKey(key))

/** Rows of (bucket, values) into a per-week array, 0 where nothing happened. */
function perWeek<T extends { bucket: number }>(rows: T[], weeks: number, pick: (row: T) => number): number[] {
  const values = new Array<number>(weeks).fill(0)
  for (const row of rows) if (row.bucket >= 1 && row.bucket <= weeks) values[row.bucket - 1] = pick(row)
  return values
}

export async function overview(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  query: { weeks: number; dateFrom?: string; dateTo?: string },
): Promise<Overview> {
  const db: Db = ctx.db
  const now = ctx.clock.now()
  const currentMonday = polandDateKey(startOfPolandWeek(now))
  const mondays = Array.from({ length: query.weeks }, (_, i) =>
    addDays(currentMonday, 7 * (i - query.weeks + 1)),
  )
  const bounds = [...mondays, addDays(currentMonday, 7)].map(dayStart)
  const [first, last] = [bounds[0] ?? now, bounds.at(-1) ?? now]
  const thresholds = sql`ARRAY[${sql.join(
    bounds.map((b) => sql`${b.toISOString()}::timestamptz`),
    sql`, `,
  )}]`
  const bucket = (column: AnyPgColumn) => sql<number>`width_bucket(${column}, ${thresholds})`.mapWith(Number)
  const within = (column: AnyPgColumn): SQL => and(gte(column, first), lt(column, last)) as SQL
  const { cancellation_earliness: earliness } = await showSettings({ db })

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

  const n = query.weeks
  const columns = {
    bookings: perWeek(booked, n, (r) => r.n),
    cancellations: perWeek(cancelled, n, (r) => r.n),
    late: perWeek(cancelled, n, (r) => r.late),
    school: perWeek(cancelled, n, (r) => r.school),
    absences: perWeek(accepted, n, (r) => r.n),
    reports: perWeek(reported, n, (r) => r.n),
    aiMessages: perWeek(ai, n, (r) => r.n),
    aiStudents: perWeek(ai, n, (r) => r.students),
  }
  const weeks = mondays.map((monday, i) => ({
    week_start: monday,
    iso_week: isoWeekName(monday),
    bookings: columns.bookings[i] ?? 0,
    cancellations: columns.cancellations[i] ?? 0,
    late_cancellations: columns.late[i] ?? 0,
    school_cancellations: columns.school[i] ?? 0,
    absences: columns.absences[i] ?? 0,
    absence_reports: columns.reports[i] ?? 0,
    ai_messages: columns.aiMessages[i] ?? 0,
    ai_students: columns.aiStudents[i] ?? 0,
  }))

  const period = {
    date_from: query.dateFrom ?? mondays[0] ?? currentMonday,
    date_to: query.dateTo ?? addDays(currentMonday, 6),
  }
  return {
    weeks,
    cancellation_earliness: earliness,
    period,
    teachers: await teacherShares(db, dayStart(period.date_from), dayStart(addDays(period.date_to, 1))),
  }
}

/** Each teacher's published slots in [from, to) and those with a lesson (not cancelled) on them. */
async function teacherShares(db: Db, from: Date, to: Date): Promise<Overview['teachers']> {
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
  return rows.map((row) => ({
    teacher: { id: row.id, name: row.name, email: row.email },
    published_slots: row.published,
    booked_slots: row.booked,
    published_hours: row.published * SLOT_HOURS,
    booked_hours: row.booked * SLOT_HOURS,
    share: row.published === 0 ? 0 : row.booked / row.published,
  }))
}
