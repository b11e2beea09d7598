import { polandDateKey } from '../../domain/poland-time.ts'

/** Injectable time source: every rule about expiry and waiting reads the clock, never `new Date()`. */
export type Clock = { now(): Date }

export const systemClock: Clock = { now: () => new Date() }

/** Today in Poland (YYYY-MM-DD): the "today" of the date-of-birth rule (spec §5, §9 time zone). */
export const polandToday = (clock: Clock): string => polandDateKey(clock.now())
