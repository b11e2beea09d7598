import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isoWeekday, utcDay } from './date-keys.ts'

describe('calendar date keys with dayjs', () => {
  it('names the ISO weekday of a date, whatever the device’s zone', () => {
    expect(isoWeekday('2026-11-23')).toBe(1)
    expect(isoWeekday('2026-11-29')).toBe(7)
    expect(isoWeekday('2026-03-29')).toBe(7) // Poland's spring-forward Sunday
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (d) => {
          const key = d.toISOString().slice(0, 10)
          expect(isoWeekday(key)).toBe(d.getUTCDay() || 7)
          expect(utcDay(key).toDate().toISOString().slice(0, 10)).toBe(key)
        },
      ),
    )
  })
})
