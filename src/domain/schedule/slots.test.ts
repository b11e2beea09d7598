import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatPolandTime, polandDateKey } from '../poland-time.ts'
import { type Interval, intervalProblems, normalizeIntervals } from './availability.ts'
import { slotsForDay } from './slots.ts'
import {
  DAY_END_MINUTES,
  DAY_START_MINUTES,
  formatTime,
  parseTime,
  TIME_STEP_MINUTES,
} from './time-of-day.ts'

// Property tests of slot generation: no overlaps, every slot 45 real minutes, inside the
// availability, right on the DST days; the suite runs under TZ=UTC and TZ=America/New_York.

const gridTime = fc
  .integer({ min: DAY_START_MINUTES / TIME_STEP_MINUTES, max: DAY_END_MINUTES / TIME_STEP_MINUTES })
  .map((step) => step * TIME_STEP_MINUTES)
const interval = fc
  .tuple(gridTime, gridTime)
  .filter(([a, b]) => a !== b)
  .map(([a, b]): Interval => ({ start: formatTime(Math.min(a, b)), end: formatTime(Math.max(a, b)) }))
const dateKey = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2090, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))
const DST_DAYS = ['2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31']
const anyDay = fc.oneof(dateKey, fc.constantFrom(...DST_DAYS))

describe('slot generation (45-minute slots, leftover dropped)', () => {
  it('makes non-overlapping 45-minute slots inside the availability, on any day incl. DST changes', () => {
    fc.assert(
      fc.property(anyDay, fc.array(interval, { maxLength: 5 }), (day, intervals) => {
        const slots = slotsForDay(day, intervals)
        const merged = normalizeIntervals(intervals)
        for (const [i, slot] of slots.entries()) {
          expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(45 * 60_000)
          expect(polandDateKey(slot.startsAt)).toBe(day)
          expect(formatPolandTime(slot.startsAt)).toBe(slot.time)
          const start = parseTime(slot.time) ?? -1
          const inside = merged.some(
            (m) => (parseTime(m.start) ?? 0) <= start && start + 45 <= (parseTime(m.end) ?? 0),
          )
          expect(inside).toBe(true)
          const next = slots[i + 1]
          if (next) expect(next.startsAt.getTime()).toBeGreaterThanOrEqual(slot.endsAt.getTime())
        }
      }),
      { numRuns: 500 },
    )
  })

  it('drops the leftover: floor(length / 45) slots per merged interval', () => {
    fc.assert(
      fc.property(anyDay, fc.array(interval, { maxLength: 5 }), (day, intervals) => {
        const expected = normalizeIntervals(intervals).reduce(
          (n, m) => n + Math.floor(((parseTime(m.end) ?? 0) - (parseTime(m.start) ?? 0)) / 45),
          0,
        )
        expect(slotsForDay(day, intervals)).toHaveLength(expected)
      }),
    )
  })

  it('gives Poland wall-clock slots on the DST days: 29 March and 25 October 2026', () => {
    const spring = slotsForDay('2026-03-29', [{ start: '08:00', end: '09:30' }])
    expect(spring.map((s) => s.startsAt.toISOString())).toEqual([
      '2026-03-29T06:00:00.000Z',
      '2026-03-29T06:45:00.000Z',
    ])
    const autumn = slotsForDay('2026-10-25', [{ start: '08:00', end: '09:30' }])
    expect(autumn.map((s) => s.startsAt.toISOString())).toEqual([
      '2026-10-25T07:00:00.000Z',
      '2026-10-25T07:45:00.000Z',
    ])
    const winter = slotsForDay('2026-11-23', [{ start: '18:00', end: '18:44' }])
    expect(winter).toEqual([])
  })
})

describe('availability intervals (the time picker’s grid)', () => {
  it('accepts grid times between 06:00 and 23:00 with start before end', () => {
    expect(intervalProblems([{ start: '06:00', end: '23:00' }])).toEqual([null])
    expect(
      intervalProblems([
        { start: '08:00', end: '09:00' },
        { start: '09:00', end: '10:00' },
      ]),
    ).toEqual([null, null])
  })

  it('names what is wrong with an interval', () => {
    expect(intervalProblems([{ start: '8:00', end: '09:00' }])).toEqual(['time_format'])
    expect(intervalProblems([{ start: '05:45', end: '09:00' }])).toEqual(['time_grid'])
    expect(intervalProblems([{ start: '08:10', end: '09:00' }])).toEqual(['time_grid'])
    expect(intervalProblems([{ start: '22:00', end: '23:15' }])).toEqual(['time_grid'])
    expect(intervalProblems([{ start: '10:00', end: '09:00' }])).toEqual(['start_after_end'])
    expect(
      intervalProblems([
        { start: '08:00', end: '10:00' },
        { start: '09:45', end: '11:00' },
      ]),
    ).toEqual(['overlap', 'overlap'])
  })

  it('normalises to sorted, non-overlapping intervals', () => {
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 6 }), (intervals) => {
        const merged = normalizeIntervals(intervals)
        expect(intervalProblems(merged).every((p) => p === null)).toBe(true)
        for (let i = 1; i < merged.length; i++) {
          expect((parseTime(merged[i]?.start ?? '') ?? 0) > (parseTime(merged[i - 1]?.end ?? '') ?? 0)).toBe(
            true,
          )
        }
      }),
    )
  })
})
