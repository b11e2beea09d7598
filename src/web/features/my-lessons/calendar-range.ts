import { addDays } from '../../../domain/poland-time.ts'
import { isoWeekday } from '../../ui/date-keys.ts'
import type { CalendarRange } from './my-lessons-url.ts'

// The calendar of my-lessons (week or day view) in Poland dates: weeks start on Monday
// (product-rules.md "Time zone"). Dates are 'YYYY-MM-DD' keys, so no device zone moves a lesson to
// another day.

export type RangeDays = { from: string; to: string; days: string[] }

export const mondayOf = (date: string): string => addDays(date, 1 - isoWeekday(date))

/** The days the calendar shows for `date`: its Monday-to-Sunday week, or the day alone. */
export function rangeDays(range: CalendarRange, date: string): RangeDays {
  if (range === 'day') return { from: date, to: date, days: [date] }
  const from = mondayOf(date)
  const days = Array.from({ length: 7 }, (_, index) => addDays(from, index))
  return { from, to: addDays(from, 6), days }
}

/** The date one step back (-1) or forward (+1): a week in the week view, a day in the day view. */
export const shiftDate = (range: CalendarRange, date: string, step: -1 | 1): string =>
  addDays(range === 'week' ? mondayOf(date) : date, step * (range === 'week' ? 7 : 1))

/** Whether `today` lies in the shown range (the Today button is then not needed). */
export function showsToday(range: CalendarRange, date: string, today: string): boolean {
  const { from, to } = rangeDays(range, date)
  return today >= from && today <= to
}
