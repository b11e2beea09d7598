import { LESSON_SLOT_MINUTES } from '../constants.ts'
import { addDays, fromPolandLocal, parseDateKey } from '../poland-time.ts'

// A group class's schedule (product-rules.md "Group classes"): a weekly series — weekdays, a start
// time, a length in 45-minute units, a first date and either a number of meetings or a last date —
// and single extra meetings. Times are Poland wall-clock times, so a meeting at 18:00 stays at
// 18:00 across both summer-time Sundays.

/** ISO weekdays, Monday 1 … Sunday 7. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7

export type WeeklySeries = {
  weekdays: Weekday[]
  /** `HH:MM`, Poland time. */
  startTime: string
  /** The meeting's length in 45-minute units. */
  units: number
  /** `YYYY-MM-DD`, the series' first possible date. */
  firstDate: string
} & ({ meetings: number; lastDate?: undefined } | { lastDate: string; meetings?: undefined })

export type MeetingTime = { startsAt: Date; endsAt: Date }

/** The most meetings one class may have: about two years of two meetings a week. */
export const MAX_MEETINGS = 200
export const MIN_UNITS = 1
export const MAX_UNITS = 4

/** `HH:MM` as hours and minutes, or null. */
export function parseTime(time: string): { hour: number; minute: number } | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time)
  if (!match) return null
  return { hour: Number(match[1]), minute: Number(match[2]) }
}

/** The instant a meeting of `units` starting at Poland `date` `time` spans. */
export function meetingAt(date: string, time: string, units: number): MeetingTime {
  const at = parseTime(time)
  if (!at) throw new RangeError(`Not an HH:MM time: ${time}`)
  const startsAt = fromPolandLocal({ ...parseDateKey(date), ...at })
  return { startsAt, endsAt: new Date(startsAt.getTime() + units * LESSON_SLOT_MINUTES * 60_000) }
}

/** ISO weekdays by JavaScript's Sunday-first day number. */
const ISO_WEEKDAYS: readonly Weekday[] = [7, 1, 2, 3, 4, 5, 6]

/** ISO weekday of a `YYYY-MM-DD` date (no time zone involved). */
export function weekdayOf(date: string): Weekday {
  const { year, month, day } = parseDateKey(date)
  const iso = ISO_WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]
  if (iso === undefined) throw new RangeError(`No weekday for ${date}`)
  return iso
}

/**
 * The series' meetings in time order: on each of its weekdays from the first date, until it has
 * its number of meetings or passes its last date (at most MAX_MEETINGS; an empty list when the
 * weekdays are empty or the last date comes before the first).
 */
export function seriesMeetings(series: WeeklySeries): MeetingTime[] {
  const days = new Set(series.weekdays)
  const meetings: MeetingTime[] = []
  if (days.size === 0) return meetings
  const wanted = series.meetings ?? MAX_MEETINGS
  for (
    let date = series.firstDate;
    meetings.length < Math.min(wanted, MAX_MEETINGS);
    date = addDays(date, 1)
  ) {
    if (series.lastDate !== undefined && date > series.lastDate) break
    if (days.has(weekdayOf(date))) meetings.push(meetingAt(date, series.startTime, series.units))
  }
  return meetings
}
