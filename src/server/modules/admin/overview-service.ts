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
import { showSettings } from '../settings/public.ts'
import { teacherShareRows, weeklyActivity } from './overview-repository.ts'

// The console's overview: per ISO week (Monday to Monday, Poland time, product-rules.md "Time
// zone") the bookings, cancellations (late ones — inside cancellation_earliness, product-rules.md
// "Cancellation", by a party — and the school's apart), accepted absences and the AI lesson's use;
// and each teacher's booked share of the slots they published in a period. Plain aggregates, one
// statement each (overview-repository.ts): a week is a bucket of the week boundaries (width_bucket),
// computed here with the app's own Poland time.

type Overview = v.InferOutput<typeof overviewResponse>['data']

const SLOT_HOURS = 45 / 60

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
  const { cancellation_earliness: earliness } = await showSettings({ db })
  const { booked, cancelled, accepted, reported, ai } = await weeklyActivity(db, bounds, earliness, now)

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
  const rows = await teacherShareRows(db, from, to)
  return rows.map((row) => ({
    teacher: { id: row.id, name: row.name, email: row.email },
    published_slots: row.published,
    booked_slots: row.booked,
    published_hours: row.published * SLOT_HOURS,
    booked_hours: row.booked * SLOT_HOURS,
    share: row.published === 0 ? 0 : row.booked / row.published,
  }))
}
