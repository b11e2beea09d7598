import {
  DAY_END_MINUTES,
  DAY_START_MINUTES,
  formatTime,
  parseTime,
  TIME_STEP_MINUTES,
} from '../../domain/schedule/time-of-day.ts'

// spec §5 time picker: 15-minute steps, hours 6 to 23, minutes 00 when only the hour is set, and
// a later-than-start constraint when a start is given. Pure, so the rules are unit-tested.

/** Every allowed 'HH:mm' (06:00 … 23:00), strictly after `after` when it is given. */
export function allowedTimes(after?: string): string[] {
  const floor = after ? parseTime(after) : null
  const times: string[] = []
  for (let m = DAY_START_MINUTES; m <= DAY_END_MINUTES; m += TIME_STEP_MINUTES) {
    if (floor === null || m > floor) times.push(formatTime(m))
  }
  return times
}

/** The hours ('HH') that have at least one allowed time. */
export const hourOptions = (after?: string): string[] => [
  ...new Set(allowedTimes(after).map((time) => time.slice(0, 2))),
]

/** The minutes ('mm') allowed in `hour`. */
export const minuteOptions = (hour: string, after?: string): string[] =>
  allowedTimes(after)
    .filter((time) => time.startsWith(`${hour}:`))
    .map((time) => time.slice(3))

/**
 * The time after choosing an hour: keeps the minutes when they are still allowed, otherwise the
 * first allowed minutes of that hour (00 unless the start rules it out).
 */
export function withHour(hour: string, current: string, after?: string): string {
  const minutes = minuteOptions(hour, after)
  const kept = current.slice(3)
  const minute = minutes.includes(kept) ? kept : (minutes[0] ?? '00')
  return `${hour}:${minute}`
}

/** The time after choosing minutes; null while no hour is chosen. */
export const withMinute = (minute: string, current: string): string | null =>
  current === '' ? null : `${current.slice(0, 2)}:${minute}`

/** A value that breaks the constraint (e.g. the start moved past the end) is cleared. */
export const validTime = (value: string, after?: string): string =>
  value !== '' && allowedTimes(after).includes(value) ? value : ''
