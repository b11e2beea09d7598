import { polandDateKey } from '../../domain/poland-time.ts'

/** Injectable time source: every rule about expiry and waiting reads the clock, never `new Date()`. */
export type Clock = { now(): Date }

export const systemClock: Clock = { now: () => new Date() }

/**
 * Today in Poland (YYYY-MM-DD): the "today" of the date-of-birth rule (product-rules.md
 * "Validation", "Time zone").
 */
export const polandToday = (clock: Clock): string => polandDateKey(clock.now())

/**
 * A clock that reads `at` at the real instant `since` (ms since the epoch) and runs at the real
 * pace from there: a test's "now" (test-support/story-clock.ts), where the server's rules of time
 * meet the moment a story needs while timers, waits and the database run in real time.
 */
export function shiftedClock(at: Date, since: number): Clock {
  const offset = at.getTime() - since
  return { now: () => new Date(Date.now() + offset) }
}
