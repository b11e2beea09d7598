import type { WeekdayKey } from '../../../domain/api/timetables.ts'
import { addDays } from '../../../domain/poland-time.ts'
import type { Interval } from '../../../domain/schedule/availability.ts'
import { dayMonth, weekdayName } from '../../ui/slot-format.ts'

// Names of the SetLesson form's days in the interface language (design.md "Words").

// 1 January 2024 was a Monday: weekday `n` is `n - 1` days later.
const A_MONDAY = '2024-01-01'

/** "poniedziałek" / "Monday" for an ISO weekday. */
export const weekdayLabel = (key: WeekdayKey, locale: string): string =>
  weekdayName(addDays(A_MONDAY, Number(key) - 1), locale)

/** "czwartek 12.03" / "Thursday 12.03". */
export const dateLabel = (date: string, locale: string): string =>
  `${weekdayName(date, locale)} ${dayMonth(date)}`

/** "08:00–12:00, 14:00–16:00" */
export const intervalsText = (intervals: Interval[]): string =>
  intervals.map(({ start, end }) => `${start}–${end}`).join(', ')
