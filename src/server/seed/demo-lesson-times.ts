import { LESSON_SLOT_MINUTES } from '../../domain/constants.ts'
import { addDays, polandDateKey, toPolandParts } from '../../domain/poland-time.ts'
import type { Interval } from '../../domain/schedule/availability.ts'
import { type GeneratedSlot, slotsForDay } from '../../domain/schedule/slots.ts'
import {
  DAY_END_MINUTES,
  DAY_START_MINUTES,
  formatTime,
  parseTime,
  TIME_STEP_MINUTES,
} from '../../domain/schedule/time-of-day.ts'
import { isoWeekday } from '../modules/timetables/plan.ts'

// When the demo lessons take place, relative to the seeding time and always on the teacher's own
// schedule (product-rules.md "Constants and limits": 45-minute slots on a 15-minute grid,
// 06:00–23:00, Poland time). Pure, so every seeding time can be tested.

const STEP_MS = TIME_STEP_MINUTES * 60_000
const LATEST_START = DAY_END_MINUTES - LESSON_SLOT_MINUTES

/**
 * The "soon" lesson's start: the first quarter hour from `now`, at any hour, so Join and the
 * absence report are open at once (product-rules.md "Join window": from 15 minutes before the
 * start) however late `npm start` runs. `onSchedule`: it fits the teacher's day (06:00–23:00,
 * product-rules.md "Constants and limits"), where it becomes a slot of the schedule; outside it the
 * lesson has no slot.
 */
export function soonStart(now: Date): { startsAt: Date; date: string; minutes: number; onSchedule: boolean } {
  // Poland's offsets are whole hours, so its quarter hours are the epoch's (and the instant is
  // right on the night the clocks go back, when a wall-clock time happens twice).
  const startsAt = new Date(Math.ceil(now.getTime() / STEP_MS) * STEP_MS)
  const parts = toPolandParts(startsAt)
  const minutes = parts.hour * 60 + parts.minute
  return {
    startsAt,
    date: polandDateKey(startsAt),
    minutes,
    onSchedule: minutes >= DAY_START_MINUTES && minutes <= LATEST_START,
  }
}

/**
 * The day's intervals changed so that one slot starts exactly at `minutes`: the slot's own
 * interval, and the rest of the day kept a quarter hour apart from it (touching intervals would
 * merge and move the slot grid back).
 */
export function withSlotAt(intervals: Interval[], minutes: number): Interval[] {
  const end = minutes + LESSON_SLOT_MINUTES
  const kept: Interval[] = []
  for (const interval of intervals) {
    const from = parseTime(interval.start)
    const to = parseTime(interval.end)
    if (from === null || to === null) continue
    if (to < minutes || from > end) {
      kept.push(interval)
      continue
    }
    if (from < minutes - TIME_STEP_MINUTES)
      kept.push({ start: interval.start, end: formatTime(minutes - TIME_STEP_MINUTES) })
    if (to > end + TIME_STEP_MINUTES)
      kept.push({ start: formatTime(end + TIME_STEP_MINUTES), end: interval.end })
  }
  kept.push({ start: formatTime(minutes), end: formatTime(end) })
  return kept.sort((a, b) => a.start.localeCompare(b.start))
}

export type Weekly = Record<string, Interval[]>

/**
 * A slot the weekly schedule had on the latest working day at least `daysAgo` days before `now`'s
 * Poland date: its first, second or last slot of that day.
 */
export function pastSlot(
  weekly: Weekly,
  now: Date,
  daysAgo: number,
  pick: 'first' | 'second' | 'last',
): GeneratedSlot {
  const today = polandDateKey(now)
  for (let back = daysAgo; back < daysAgo + 7; back++) {
    const date = addDays(today, -back)
    const slots = slotsForDay(date, weekly[String(isoWeekday(date))] ?? [])
    const slot = pick === 'first' ? slots[0] : pick === 'second' ? (slots[1] ?? slots[0]) : slots.at(-1)
    if (slot) return slot
  }
  throw new Error('a demo schedule without a working day in a week')
}
