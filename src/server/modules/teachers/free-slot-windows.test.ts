import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, formatPolandTime, polandDateKey } from '../../../domain/poland-time.ts'
import { scheduleRange } from '../../../domain/schedule/slot-rules.ts'
import { formatTime } from '../../../domain/schedule/time-of-day.ts'
import { freeSlotWindows } from './free-slot-windows.ts'

// Teacher search windows: Poland wall-clock days and times as UTC instants, whatever the machine's
// time zone (pure arithmetic, product-rules.md "Time zone").

const HOUR = 3_600_000
const iso = (ranges: { start: Date; end: Date }[]) =>
  ranges.map(({ start, end }) => [start.toISOString(), end.toISOString()])

describe('freeSlotWindows', () => {
  it('without day and time is one range from the end of the grace period to the end of next week', () => {
    const windows = freeSlotWindows({
      now: new Date('2026-03-10T09:00:00Z'),
      graceHours: 12,
      activeUntil: null,
    })
    expect(iso(windows)).toEqual([['2026-03-10T21:00:00.000Z', '2026-03-22T23:00:00.000Z']])
  })

  it('turns a day and a time window into Poland wall-clock instants across the spring change', () => {
    const now = new Date('2026-03-25T10:00:00Z')
    const time = { from: '07:00', to: '09:00' }
    expect(iso(freeSlotWindows({ now, graceHours: 12, activeUntil: null, day: '2026-03-28', time }))).toEqual(
      [['2026-03-28T06:00:00.000Z', '2026-03-28T08:00:00.000Z']],
    )
    expect(iso(freeSlotWindows({ now, graceHours: 12, activeUntil: null, day: '2026-03-29', time }))).toEqual(
      [['2026-03-29T05:00:00.000Z', '2026-03-29T07:00:00.000Z']],
    )
  })

  it("reads '00:00' as the end of the day, 25 hours long on the autumn change", () => {
    const now = new Date('2026-10-21T10:00:00Z')
    const whole = freeSlotWindows({
      now,
      graceHours: 0,
      activeUntil: null,
      day: '2026-10-25',
      time: { from: '00:00', to: '00:00' },
    })
    expect(iso(whole)).toEqual([['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']])
  })

  it('is empty for a day outside the range and for an account past its active_until', () => {
    const now = new Date('2026-03-10T09:00:00Z')
    expect(freeSlotWindows({ now, graceHours: 12, activeUntil: null, day: '2026-03-23' })).toEqual([])
    expect(freeSlotWindows({ now, graceHours: 12, activeUntil: '2026-03-01' })).toEqual([])
    expect(iso(freeSlotWindows({ now, graceHours: 12, activeUntil: '2026-03-15' }))).toEqual([
      ['2026-03-10T21:00:00.000Z', '2026-03-15T23:00:00.000Z'],
    ])
  })

  it('keeps every window inside the range, after the grace period, on its date and times, in order', () => {
    // From 03:00: 02:00–02:59 does not exist on the spring-change day (the time picker starts at
    // 06:00 and the ±2 h window at 04:00, so a search never meets it).
    const quarter = fc.integer({ min: 12, max: 95 })
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 0, max: 48 }),
        quarter,
        quarter,
        (nowMs, graceHours, a, b) => {
          const [low, high] = a < b ? [a, b] : [b, a + 1]
          const time = { from: formatTime(low * 15), to: high >= 96 ? '00:00' : formatTime(high * 15) }
          const now = new Date(nowMs)
          const windows = freeSlotWindows({ now, graceHours, activeUntil: null, time })
          const range = scheduleRange(now, null)
          if (!range) throw new Error('the range is never empty without active_until')
          const earliest = nowMs + graceHours * HOUR
          let previousEnd = 0
          for (const { start, end } of windows) {
            expect(start.getTime()).toBeGreaterThan(previousEnd)
            expect(start.getTime()).toBeLessThan(end.getTime())
            expect(start.getTime()).toBeGreaterThanOrEqual(earliest)
            const date = polandDateKey(start)
            expect(date >= range.from && date <= range.to).toBe(true)
            if (start.getTime() > earliest) expect(formatPolandTime(start)).toBe(time.from)
            const endsAtMidnight = time.to === '00:00' && polandDateKey(end) === addDays(date, 1)
            expect(endsAtMidnight || formatPolandTime(end) === time.to).toBe(true)
            previousEnd = end.getTime()
          }
        },
      ),
    )
  })
})
