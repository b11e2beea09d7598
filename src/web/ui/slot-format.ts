import { formatPolandTime, fromPolandLocal, parseDateKey } from '../../domain/poland-time.ts'
import { utcDay } from './date-keys.ts'

// Dates and times of the week view (design.md "Words"): weekday names in the locale, dd.MM, 24-hour
// Poland times, and the device's own time beside them when its zone differs.

/**
 * The instant a slot starts: its Poland date and 'HH:mm' (a slot's time is Poland time:
 * product-rules.md "Time zone").
 */
export function slotInstant(date: string, time: string): Date {
  const [hour = 0, minute = 0] = time.split(':').map(Number)
  return fromPolandLocal({ ...parseDateKey(date), hour, minute })
}

/** "poniedziałek" / "Monday". */
export const weekdayName = (date: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(utcDay(date).toDate())

/** "23.11" */
export const dayMonth = (date: string): string => `${date.slice(8, 10)}.${date.slice(5, 7)}`

/** "23.11.2026" */
export const fullDate = (date: string): string => `${dayMonth(date)}.${date.slice(0, 4)}`

/**
 * The slot's time on the device's clock ('HH:mm'), or null when it equals the Poland time.
 * `timeZone` is for tests; the app uses the device's zone.
 */
export function deviceTime(instant: Date, timeZone?: string): string | null {
  const local = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(instant)
  return local === formatPolandTime(instant) ? null : local
}

/** "poniedziałek 30.11, 16:45": a slot's day and Poland time, as the search's cards name them. */
export const slotWhen = (date: string, time: string, locale: string): string =>
  `${weekdayName(date, locale)} ${dayMonth(date)}, ${time}`
