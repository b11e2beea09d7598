import { addDays, fromPolandLocal, parseDateKey } from '../../../domain/poland-time.ts'
import type { Interval } from '../../../domain/schedule/availability.ts'
import { type GeneratedSlot, slotsForDay } from '../../../domain/schedule/slots.ts'

// Which slots a teacher's rules ask for (product-rules.md "Constants and limits": schedule range
// and 45-minute slots). Pure: the service reads and writes the database around it.

export type Rules = { weekly: Record<string, Interval[]> | null; dates: Record<string, Interval[]> }
export type DateRange = { from: string; to: string }

/** Every date of the range, in order. */
export function datesOf(range: DateRange): string[] {
  const dates: string[] = []
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) dates.push(date)
  return dates
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export function isoWeekday(dateKey: string): number {
  const { year, month, day } = parseDateKey(dateKey)
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  return weekday === 0 ? 7 : weekday
}

/** A date's intervals: its own entry overrides the weekday of a cyclical schedule. */
export function intervalsFor(rules: Rules, dateKey: string): Interval[] {
  return rules.dates[dateKey] ?? rules.weekly?.[String(isoWeekday(dateKey))] ?? []
}

export function desiredSlots(rules: Rules, range: DateRange): GeneratedSlot[] {
  return datesOf(range).flatMap((date) => slotsForDay(date, intervalsFor(rules, date)))
}

/** The instants [start, end) that cover the Poland dates of the range. */
export function rangeInstants(range: DateRange): { start: Date; end: Date } {
  return {
    start: fromPolandLocal(parseDateKey(range.from)),
    end: fromPolandLocal(parseDateKey(addDays(range.to, 1))),
  }
}

type Span = { startsAt: Date; endsAt: Date }

const overlaps = (a: Span, b: Span) => a.startsAt < b.endsAt && b.startsAt < a.endsAt

/**
 * Wanted slots not there yet and not overlapping a slot that stays (a past one, or later one that
 * holds a lesson): inserting those would break the exclusion constraint.
 */
export function missingSlots(wanted: GeneratedSlot[], existing: Span[]): GeneratedSlot[] {
  return wanted.filter((slot) => !existing.some((kept) => overlaps(slot, kept)))
}
