import type { Timetable, TimetableUpdate, WeekdayKey } from '../../../domain/api/timetables.ts'
import { LESSON_SLOT_MINUTES } from '../../../domain/constants.ts'
import { addDays } from '../../../domain/poland-time.ts'
import { type Interval, normalizeIntervals } from '../../../domain/schedule/availability.ts'
import { formatTime, parseTime } from '../../../domain/schedule/time-of-day.ts'
import { isoWeekday } from '../../ui/date-keys.ts'

// The SetLesson form (decisions.md "The teacher's schedule on the web"): a teacher's whole schedule
// as the dialog edits it. Paths of its intervals are the payload's own (`weekdays.3.1`,
// `dates.2026-03-12.0`), so browser and server problems land on the same interval.

export const WEEKDAY_KEYS: readonly WeekdayKey[] = ['1', '2', '3', '4', '5', '6', '7']

/** A date of the schedule range: in a cyclical schedule it follows its weekday unless `own`. */
export type DateEntry = { own: boolean; intervals: Interval[] }

export type ScheduleFormValues = {
  /** has_cyclical_timetable: the weekly intervals repeat every week. */
  cyclical: boolean
  weekdays: Record<WeekdayKey, Interval[]>
  /** The dates that can still be worked: today … the end of next week. */
  dates: Record<string, DateEntry>
}

/** ISO weekday of a 'YYYY-MM-DD' date. */
export function weekdayOf(date: string): WeekdayKey {
  return WEEKDAY_KEYS[isoWeekday(date) - 1] ?? '1'
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = []
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date)
  return dates
}

const noWeekdays = (): Record<WeekdayKey, Interval[]> => ({
  '1': [],
  '2': [],
  '3': [],
  '4': [],
  '5': [],
  '6': [],
  '7': [],
})

/** Consecutive slot times (45 minutes apart) become one interval from the first to the last end. */
export function slotsToIntervals(times: string[]): Interval[] {
  const starts = times.flatMap((time) => {
    const minutes = parseTime(time)
    return minutes === null ? [] : [minutes]
  })
  const intervals: { start: number; end: number }[] = []
  for (const start of [...starts].sort((a, b) => a - b)) {
    const last = intervals.at(-1)
    if (last && last.end === start) last.end = start + LESSON_SLOT_MINUTES
    else intervals.push({ start, end: start + LESSON_SLOT_MINUTES })
  }
  return intervals.map(({ start, end }) => ({ start: formatTime(start), end: formatTime(end) }))
}

const sameIntervals = (a: Interval[], b: Interval[]) =>
  JSON.stringify(normalizeIntervals(a)) === JSON.stringify(normalizeIntervals(b))

/**
 * The form for given worked hours per date. In a cyclical schedule each weekday takes the
 * intervals of its latest date, and a date that differs from its weekday becomes a date of its
 * own; otherwise every date is its own.
 */
function formFromDates(
  cyclical: boolean,
  intervalsOf: (date: string) => Interval[],
  dates: string[],
): ScheduleFormValues {
  const weekdays = noWeekdays()
  if (cyclical) for (const date of dates) weekdays[weekdayOf(date)] = intervalsOf(date)
  const entries = dates.map((date): [string, DateEntry] => {
    const own = !cyclical || !sameIntervals(intervalsOf(date), weekdays[weekdayOf(date)])
    return [date, { own, intervals: own ? intervalsOf(date) : [] }]
  })
  return { cyclical, weekdays, dates: Object.fromEntries(entries) }
}

/**
 * The form as the teacher left it, read from the materialised slots: the server keeps the rules
 * but has no call that returns them (docs/decisions.md).
 */
export function scheduleFormFromTimetable(
  cyclical: boolean,
  timetable: Timetable['timetable'],
  dates: string[],
): ScheduleFormValues {
  const byDate = new Map(timetable.map((day) => [day.date, slotsToIntervals(day.slots.map((s) => s.time))]))
  return formFromDates(cyclical, (date) => byDate.get(date) ?? [], dates)
}

/** The intervals a date is worked in under the form's current rules. */
export function dateIntervals(values: ScheduleFormValues, date: string): Interval[] {
  const entry = values.dates[date]
  if (!entry) return []
  return !values.cyclical || entry.own ? entry.intervals : values.weekdays[weekdayOf(date)]
}

/**
 * The body of POST /teachers/timetables/update (timetableUpdateSchema): a cyclical schedule sends
 * its worked weekdays and the dates of their own (an empty one is a day off); otherwise only the
 * worked dates. Intervals keep their order so problem paths point at the right row.
 */
export function toTimetableUpdate(values: ScheduleFormValues): TimetableUpdate {
  const dates = Object.entries(values.dates)
  if (!values.cyclical) {
    return {
      cyclical: false,
      dates: Object.fromEntries(
        dates.filter(([, e]) => e.intervals.length > 0).map(([d, e]) => [d, e.intervals]),
      ),
    }
  }
  return {
    cyclical: true,
    weekdays: Object.fromEntries(
      WEEKDAY_KEYS.flatMap((key) => {
        const intervals = values.weekdays[key]
        return intervals.length > 0 ? [[key, intervals]] : []
      }),
    ),
    dates: Object.fromEntries(dates.filter(([, e]) => e.own).map(([d, e]) => [d, e.intervals])),
  }
}

/**
 * How many 45-minute lessons the intervals give (product-rules.md "Constants and limits"); leftover
 * time is dropped.
 */
export function lessonsIn(intervals: Interval[]): number {
  return normalizeIntervals(intervals).reduce((sum, { start, end }) => {
    const minutes = (parseTime(end) ?? 0) - (parseTime(start) ?? 0)
    return sum + Math.floor(minutes / LESSON_SLOT_MINUTES)
  }, 0)
}

/** A new interval for a day: right after the last one (or at 08:00), an hour long, before 23:00. */
export function nextInterval(intervals: Interval[]): Interval {
  const lastEnd = intervals.reduce((latest, { end }) => Math.max(latest, parseTime(end) ?? 0), 0)
  const start = Math.max(lastEnd, 8 * 60)
  if (start + 15 > 23 * 60) return { start: '', end: '' }
  return { start: formatTime(start), end: formatTime(Math.min(start + 60, 23 * 60)) }
}

/**
 * The "repeats every week" switch keeps the hours each date is worked: turned on, the weekdays
 * are filled from the dates (when they are empty); turned off, every date keeps what it had.
 */
export function withCyclical(values: ScheduleFormValues, cyclical: boolean): ScheduleFormValues {
  if (cyclical === values.cyclical) return values
  const dates = Object.keys(values.dates).sort()
  const worked = (date: string) => dateIntervals(values, date)
  if (!cyclical) return formFromDates(false, worked, dates)
  const fromDates = formFromDates(true, worked, dates)
  const hasPattern = WEEKDAY_KEYS.some((key) => values.weekdays[key].length > 0)
  if (!hasPattern) return fromDates
  const entries = dates.map((date): [string, DateEntry] => {
    const own = !sameIntervals(worked(date), values.weekdays[weekdayOf(date)])
    return [date, { own, intervals: own ? worked(date) : [] }]
  })
  return { cyclical: true, weekdays: values.weekdays, dates: Object.fromEntries(entries) }
}
