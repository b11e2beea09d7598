import { describe, expect, it } from 'vitest'
import { dayMonth, deviceTime, fullDate, slotInstant, weekdayName } from './slot-format.ts'

describe('week view formatting', () => {
  it('reads a slot as Poland time on both sides of the clock changes', () => {
    expect(slotInstant('2026-03-28', '08:00').toISOString()).toBe('2026-03-28T07:00:00.000Z')
    expect(slotInstant('2026-03-29', '08:00').toISOString()).toBe('2026-03-29T06:00:00.000Z')
    expect(slotInstant('2026-10-25', '08:00').toISOString()).toBe('2026-10-25T07:00:00.000Z')
  })

  it('names the weekday in the locale whatever the device zone', () => {
    expect(weekdayName('2026-11-23', 'pl')).toBe('poniedziałek')
    expect(weekdayName('2026-11-29', 'en')).toBe('Sunday')
  })

  it('writes dates as dd.MM and dd.MM.yyyy', () => {
    expect(dayMonth('2026-03-09')).toBe('09.03')
    expect(fullDate('2026-03-09')).toBe('09.03.2026')
  })

  it('shows the device time only when its zone differs from Poland at that moment', () => {
    const winter = slotInstant('2026-11-23', '18:00')
    expect(deviceTime(winter, 'Europe/Warsaw')).toBeNull()
    expect(deviceTime(winter, 'Europe/Berlin')).toBeNull()
    expect(deviceTime(winter, 'Europe/London')).toBe('17:00')
    expect(deviceTime(winter, 'America/New_York')).toBe('12:00')
    // In the week the USA has already moved its clocks and Europe has not, the gap is 5 hours.
    expect(deviceTime(slotInstant('2026-03-20', '18:00'), 'America/New_York')).toBe('13:00')
  })
})
