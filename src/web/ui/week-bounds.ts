import { addDays, polandDateKey, startOfPolandWeek } from '../../domain/poland-time.ts'
import { isoWeekday } from './date-keys.ts'

// product-rules.md "Week switcher": weeks start on Monday (Poland time); a student may look at the
// current and the next week only. Weeks are named by their Monday as 'YYYY-MM-DD'.

export type WeekBounds = { min: string; max: string }

/** Monday of the current Poland week. */
export const currentWeekStart = (now: Date): string => polandDateKey(startOfPolandWeek(now))

/** product-rules.md "Week switcher": not before the current week, not beyond the next. */
export function weekBounds(now: Date): WeekBounds {
  const min = currentWeekStart(now)
  return { min, max: addDays(min, 7) }
}

const isMonday = (key: string): boolean => isoWeekday(key) === 1

/**
 * A week from the URL or a caller, kept inside the bounds: anything that is not a Monday inside
 * them (a typo, an old link) becomes the current week.
 */
export function clampWeek(week: string | null | undefined, bounds: WeekBounds): string {
  if (!week || !/^\d{4}-\d{2}-\d{2}$/.test(week)) return bounds.min
  if (addDays(week, 0) !== week || !isMonday(week)) return bounds.min
  return week >= bounds.min && week <= bounds.max ? week : bounds.min
}

/** The seven dates (Monday … Sunday) of the week starting at `weekStart`. */
export const weekDates = (weekStart: string): string[] =>
  Array.from({ length: 7 }, (_, index) => addDays(weekStart, index))

/** The last date of the week (the timetable query's date_to). */
export const weekEnd = (weekStart: string): string => addDays(weekStart, 6)
