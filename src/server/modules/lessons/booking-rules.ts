import { fromPolandLocal, polandDateKey } from '../../../domain/poland-time.ts'
import { isMissedSlot, isScheduledSlot } from '../../../domain/schedule/slot-rules.ts'

// Pure booking checks of spec §4, §8 and §9 on rows the booking transaction has read and locked
// (issue #4 item 4). Dates are Poland calendar dates (spec §9 time zone).

type Span = { startsAt: Date; endsAt: Date }
type DateRange = { from: string; to: string }

/**
 * spec §9: a slot can be booked inside the schedule range (current and next week) and when it
 * starts at least the grace period from now (spec §4 "missed" otherwise).
 */
export function isBookableSlot(
  slot: Span,
  input: { now: Date; graceHours: number; range: DateRange },
): boolean {
  const date = polandDateKey(slot.startsAt)
  const inRange = date >= input.range.from && date <= input.range.to
  return inRange && !isMissedSlot(slot.startsAt, input.now, input.graceHours)
}

/** spec §8 "the account has expired": a slot on a Poland date after active_until. */
export const isAfterActiveUntil = (slot: Span, activeUntil: string | null): boolean =>
  activeUntil !== null && polandDateKey(slot.startsAt) > activeUntil

/**
 * The requested slots after the first of their Poland date, in time order (one lesson a day with
 * a teacher): the ones a refusal names, so the others can stay chosen.
 */
export function laterOnTheirDate<S extends Span>(slots: S[]): S[] {
  const seen = new Set<string>()
  return [...slots]
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .filter((slot) => {
      const date = polandDateKey(slot.startsAt)
      if (seen.has(date)) return true
      seen.add(date)
      return false
    })
}

/** Two of the requested slots fall on one Poland date. */
export const hasTwoOnOneDate = (slots: Span[]): boolean => laterOnTheirDate(slots).length > 0

/**
 * spec §8 "You already have a lesson scheduled for this date": the requested slots on the Poland
 * date of one of the student's lessons or overlapping one (spec §4's 45 minutes, isScheduledSlot).
 */
export function clashingSlots<S extends Span>(slots: S[], lessons: Span[]): S[] {
  const lessonDates = new Set(lessons.map((lesson) => polandDateKey(lesson.startsAt)))
  const starts = lessons.map((lesson) => lesson.startsAt)
  return slots.filter(
    (slot) => lessonDates.has(polandDateKey(slot.startsAt)) || isScheduledSlot(slot.startsAt, starts),
  )
}

export const clashesWithLessons = (slots: Span[], lessons: Span[]): boolean =>
  clashingSlots(slots, lessons).length > 0

/** spec §9: lessons that have not ended count as scheduled. */
export const scheduledCount = (lessons: Span[], now: Date): number =>
  lessons.filter((lesson) => lesson.endsAt > now).length

export type MonthCount = { from: Date; to: Date; requested: number }

/** The Poland calendar months of the slots, each as an instant range with how many slots fall in it. */
export function requestedMonths(slots: Span[]): MonthCount[] {
  const months = new Map<string, MonthCount>()
  for (const slot of slots) {
    const key = polandDateKey(slot.startsAt).slice(0, 7)
    const known = months.get(key)
    if (known) {
      known.requested += 1
      continue
    }
    const year = Number(key.slice(0, 4))
    const month = Number(key.slice(5, 7))
    const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 }
    months.set(key, {
      from: fromPolandLocal({ year, month, day: 1 }),
      to: fromPolandLocal({ ...next, day: 1 }),
      requested: 1,
    })
  }
  return [...months.values()]
}
