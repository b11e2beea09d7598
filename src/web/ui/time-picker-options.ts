import {
  DAY_END_MINUTES,
  DAY_START_MINUTES,
  formatTime,
  parseTime,
  TIME_STEP_MINUTES,
} from '../../domain/schedule/time-of-day.ts'

// The time picker (product-rules.md "Validation", "Constants and limits"): 15-minute steps, 06:00
// to 23:00, minutes 00 when only the hour is set, and a later-than-start constraint when a start is
// given. @mantine/dates' TimePicker is the input; these pure rules say what it may hold, so they
// are unit-tested.

/** Every allowed 'HH:mm' (06:00 … 23:00), strictly after `after` when it is given. */
export function allowedTimes(after?: string): string[] {
  const floor = after ? parseTime(after) : null
  const times: string[] = []
  for (let m = DAY_START_MINUTES; m <= DAY_END_MINUTES; m += TIME_STEP_MINUTES) {
    if (floor === null || m > floor) times.push(formatTime(m))
  }
  return times
}

/**
 * What a typed time becomes once the field is left: only the hour ('08' or '08:') is that hour
 * at 00; the minutes go to the nearest 15-minute step; a time outside the day (or not after
 * `after`) becomes the nearest allowed one. '' stays '' (and so does a time with no allowed one).
 */
export function snapTime(typed: string, after?: string): string {
  const match = /^(\d{1,2})(?::(\d{1,2})?)?$/.exec(typed.trim())
  const times = allowedTimes(after)
  const first = parseTime(times[0] ?? '')
  const last = parseTime(times.at(-1) ?? '')
  if (!match || first === null || last === null) return ''
  const hours = Number(match[1])
  const minutes = match[2] === undefined ? 0 : Number(match[2])
  if (hours > 23 || minutes > 59) return ''
  const stepped = Math.round((hours * 60 + minutes) / TIME_STEP_MINUTES) * TIME_STEP_MINUTES
  return formatTime(Math.min(Math.max(stepped, first), last))
}

/** A value that breaks the constraint (e.g. the start moved past the end) is cleared. */
export const validTime = (value: string, after?: string): string =>
  value !== '' && allowedTimes(after).includes(value) ? value : ''
