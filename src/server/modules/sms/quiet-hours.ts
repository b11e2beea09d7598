import { fromPolandLocal, toPolandParts } from '../../../domain/poland-time.ts'

// product-rules.md "SMS": no SMS between 21:00 and 08:00 Poland time, except one about a lesson
// that starts before 09:00 (its reminder could otherwise never come in time).

const QUIET_FROM_HOUR = 21
const QUIET_UNTIL_HOUR = 8
const EARLY_LESSON_BEFORE_HOUR = 9

export const isQuiet = (instant: Date): boolean => {
  const { hour } = toPolandParts(instant)
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR
}

/** A lesson starting before 09:00 Poland time. */
export const isEarlyLesson = (startsAt: Date): boolean =>
  toPolandParts(startsAt).hour < EARLY_LESSON_BEFORE_HOUR

/** The next 08:00 Poland time after `instant` (in quiet hours: the end of this night's). */
export function quietHoursEnd(instant: Date): Date {
  const parts = toPolandParts(instant)
  const today = fromPolandLocal({
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: QUIET_UNTIL_HOUR,
  })
  if (today > instant) return today
  return fromPolandLocal({ year: parts.year, month: parts.month, day: parts.day + 1, hour: QUIET_UNTIL_HOUR })
}
