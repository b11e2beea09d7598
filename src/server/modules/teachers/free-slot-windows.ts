import type { TimeWindow } from '../../../domain/api/teachers.ts'
import { addDays, fromPolandLocal, parseDateKey } from '../../../domain/poland-time.ts'
import { scheduleRange } from '../../../domain/schedule/slot-rules.ts'
import { parseTime } from '../../../domain/schedule/time-of-day.ts'

// Teacher search (product-rules.md "Teacher search", "Time zone"): the instants in which a slot
// counts as free for the asking user, computed here in Poland time (never in the database's time
// zone) so the database can answer with plain range scans of the (teacher_id, starts_at) index.

const HOUR_MS = 3_600_000

/** Instants [start, end). */
export type InstantRange = { start: Date; end: Date }

export type FreeSlotQuery = {
  now: Date
  /**
   * product-rules.md "Grace period" (settings.lesson_earliness_condition): a slot sooner is missed.
   */
  graceHours: number
  /**
   * A student's active_until (the schedule range of product-rules.md "Constants and limits" ends
   * there); null for a teacher.
   */
  activeUntil: string | null
  /** A Poland date (YYYY-MM-DD). */
  day?: string | undefined
  /**
   * Poland wall-clock window; `to` of '00:00' is the end of the day (product-rules.md "Constants
   * and limits").
   */
  time?: TimeWindow | undefined
}

/** A Poland date at `hhmm` (minutes since midnight); 24:00 is the next day's midnight. */
function instantOf(date: string, minutes: number): Date {
  const day = minutes >= 24 * 60 ? addDays(date, 1) : date
  const rest = minutes % (24 * 60)
  return fromPolandLocal({ ...parseDateKey(day), hour: Math.floor(rest / 60), minute: rest % 60 })
}

function windowOf(date: string, time: TimeWindow | undefined): InstantRange {
  const from = time ? (parseTime(time.from) ?? 0) : 0
  const to = time && time.to !== '00:00' ? (parseTime(time.to) ?? 24 * 60) : 24 * 60
  return { start: instantOf(date, from), end: instantOf(date, to) }
}

/** Joins ranges that touch (whole days in a row become one range): fewer conditions in SQL. */
function merged(ranges: InstantRange[]): InstantRange[] {
  const out: InstantRange[] = []
  for (const range of ranges) {
    const last = out.at(-1)
    if (last && last.end.getTime() >= range.start.getTime()) {
      if (range.end > last.end) last.end = range.end
    } else {
      out.push({ ...range })
    }
  }
  return out
}

/**
 * The ranges, in time order, in which a free slot must start: inside the user's schedule range
 * (current and next week, cut at a student's active_until — product-rules.md "Constants and
 * limits"), not missed (at least the grace period from now — product-rules.md "Grace period"), on
 * `day` if given, with its Poland start time in [time.from, time.to) if given. Empty when nothing
 * can match.
 */
export function freeSlotWindows(query: FreeSlotQuery): InstantRange[] {
  const range = scheduleRange(query.now, query.activeUntil)
  if (!range) return []
  const dates: string[] = []
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    if (query.day === undefined || query.day === date) dates.push(date)
  }
  const earliest = new Date(query.now.getTime() + query.graceHours * HOUR_MS)
  const windows = dates
    .map((date) => windowOf(date, query.time))
    .map(({ start, end }) => ({ start: start < earliest ? earliest : start, end }))
    .filter(({ start, end }) => start < end)
  return merged(windows)
}
