import { LESSON_SLOT_MINUTES } from '../constants.ts'
import { fromPolandLocal, parseDateKey } from '../poland-time.ts'
import { type Interval, normalizeIntervals } from './availability.ts'
import { formatTime, parseTime } from './time-of-day.ts'

// A lesson slot is 45 minutes (product-rules.md "Constants and limits"); leftover time in an
// interval is dropped. Slot times are Poland wall-clock times of the given date, turned into
// instants with the DST rule of product-rules.md "Time zone" (the schedule's 06:00–23:00 day never
// contains a clock change, so every slot lasts 45 real minutes).

export type GeneratedSlot = { time: string; startsAt: Date; endsAt: Date }

export function slotsForDay(dateKey: string, intervals: Interval[]): GeneratedSlot[] {
  const date = parseDateKey(dateKey)
  const slots: GeneratedSlot[] = []
  for (const interval of normalizeIntervals(intervals)) {
    const start = parseTime(interval.start) ?? 0
    const end = parseTime(interval.end) ?? 0
    for (let at = start; at + LESSON_SLOT_MINUTES <= end; at += LESSON_SLOT_MINUTES) {
      const startsAt = fromPolandLocal({ ...date, hour: Math.floor(at / 60), minute: at % 60 })
      slots.push({
        time: formatTime(at),
        startsAt,
        endsAt: new Date(startsAt.getTime() + LESSON_SLOT_MINUTES * 60_000),
      })
    }
  }
  return slots
}
