import type { WeekdayKey } from '../../../domain/api/timetables.ts'
import { type Interval, normalizeIntervals } from '../../../domain/schedule/availability.ts'
import { dateIntervals, lessonsIn, type ScheduleFormValues, WEEKDAY_KEYS } from './schedule-form.ts'

// WorkScheduleConfirm: before saving, the teacher sees what the new schedule gives — the weekly
// pattern, the dates that differ, how many 45-minute lessons that makes and which days change
// compared with the schedule they had.

export type SummaryLine = { intervals: Interval[]; lessons: number; changed: boolean }
export type WeekdayLine = SummaryLine & { weekday: WeekdayKey }
export type DateLine = SummaryLine & { date: string }

export type ScheduleSummary = {
  cyclical: boolean
  /** The weekly pattern (cyclical schedules only). */
  weekdays: WeekdayLine[]
  /** Cyclical: the dates with hours of their own; otherwise every date of the range. */
  dates: DateLine[]
  /** Lessons the range (today … end of next week) offers under the new schedule. */
  totalLessons: number
  /** Dates of the range whose hours change. */
  changedDates: number
}

const key = (intervals: Interval[]) => JSON.stringify(normalizeIntervals(intervals))
const line = (intervals: Interval[], before: Interval[]): SummaryLine => ({
  intervals: normalizeIntervals(intervals),
  lessons: lessonsIn(intervals),
  changed: key(intervals) !== key(before),
})

export function scheduleSummary(values: ScheduleFormValues, initial: ScheduleFormValues): ScheduleSummary {
  const dates = Object.keys(values.dates).sort()
  const weekdays = values.cyclical
    ? WEEKDAY_KEYS.map((weekday) => ({
        weekday,
        ...line(values.weekdays[weekday], initial.cyclical ? initial.weekdays[weekday] : []),
      }))
    : []
  const dateLines = dates
    .filter((date) => !values.cyclical || values.dates[date]?.own)
    .map((date) => ({ date, ...line(dateIntervals(values, date), dateIntervals(initial, date)) }))
  const changed = dates.filter(
    (date) => key(dateIntervals(values, date)) !== key(dateIntervals(initial, date)),
  )
  return {
    cyclical: values.cyclical,
    weekdays,
    dates: dateLines,
    totalLessons: dates.reduce((sum, date) => sum + lessonsIn(dateIntervals(values, date)), 0),
    changedDates: changed.length,
  }
}
