import { JOIN_WINDOW_MINUTES, LESSON_SLOT_MINUTES, SCHEDULED_SLOT_MATCH_MINUTES } from '../constants.ts'
import { addDays, polandDateKey, startOfPolandWeek } from '../poland-time.ts'

// Slot states and booking windows (product-rules.md "Slot states", "Constants and limits"), decided
// on the server and repeated by the web for display.

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/**
 * A slot is "scheduled" when one of the student's lessons lies within 45 minutes of it —
 * read as overlapping it (|difference| < 45 min), so back-to-back lessons stay possible
 * (docs/decisions.md).
 */
export function isScheduledSlot(slotStart: Date, lessonStarts: Date[]): boolean {
  return lessonStarts.some(
    (lesson) => Math.abs(lesson.getTime() - slotStart.getTime()) < SCHEDULED_SLOT_MATCH_MINUTES * MINUTE_MS,
  )
}

/**
 * product-rules.md "Grace period": "missed" when it starts in less than the grace period (hours)
 * from now.
 */
export function isMissedSlot(slotStart: Date, now: Date, graceHours: number): boolean {
  return slotStart.getTime() - now.getTime() < graceHours * HOUR_MS
}

/**
 * product-rules.md "Same-day rule": the Poland dates holding one of the student's lessons (with any
 * teacher); no second lesson is booked on them.
 */
export const lessonDates = (lessonStarts: Date[]): Set<string> => new Set(lessonStarts.map(polandDateKey))

/**
 * product-rules.md "Allowed students": a teacher who does not accept new students takes only the
 * students on their list.
 */
export const refusesStudent = (notAcceptingNewStudents: boolean, allowed: boolean) =>
  notAcceptingNewStudents && !allowed

/**
 * product-rules.md "Scheduled lessons limit": the limit is reached when selected plus already
 * scheduled is at least the limit.
 */
export const limitReached = (selected: number, scheduled: number, limit: number) =>
  selected + scheduled >= limit

/**
 * The schedule range: the current and the next week (Monday start, Poland time), ending at
 * the account's active_until date when that comes sooner. Null when nothing is left.
 */
export function scheduleRange(now: Date, activeUntil: string | null): { from: string; to: string } | null {
  const from = polandDateKey(startOfPolandWeek(now))
  const weekEnd = addDays(from, 13)
  const to = activeUntil && activeUntil < weekEnd ? activeUntil : weekEnd
  return to < from ? null : { from, to }
}

/**
 * product-rules.md "Join window": Join is possible from 15 minutes before the start to 15 minutes
 * after the end, and never for a cancelled lesson.
 */
export function joinOpen(lesson: { startsAt: Date; cancelled: boolean }, now: Date): boolean {
  if (lesson.cancelled) return false
  const opens = lesson.startsAt.getTime() - JOIN_WINDOW_MINUTES * MINUTE_MS
  const closes = lesson.startsAt.getTime() + (LESSON_SLOT_MINUTES + JOIN_WINDOW_MINUTES) * MINUTE_MS
  return now.getTime() >= opens && now.getTime() <= closes
}

/**
 * The teacher search window (product-rules.md "Teacher search"): the chosen hour minus 2 to plus
 * 2 hours; an end of 24:00 or later (a chosen time of 22:00 or later) wraps to 0, meaning midnight.
 */
export function searchWindow(hour: number): { from: number; to: number } {
  const from = Math.max(hour - 2, 0)
  const to = hour + 2 >= 24 ? 0 : hour + 2
  return { from, to }
}
