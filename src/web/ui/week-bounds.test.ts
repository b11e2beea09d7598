import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, fromPolandLocal } from '../../domain/poland-time.ts'
import { clampWeek, currentWeekStart, weekBounds, weekDates, weekEnd } from './week-bounds.ts'

describe('week bounds', () => {
  it('starts the week on Monday in Poland time, not in the device zone', () => {
    // Sunday 29.11.2026 23:30 in Poland is already Monday in UTC+2 zones, still Sunday in UTC.
    const sundayNight = fromPolandLocal({ year: 2026, month: 11, day: 29, hour: 23, minute: 30 })
    expect(currentWeekStart(sundayNight)).toBe('2026-11-23')
    const mondayMorning = fromPolandLocal({ year: 2026, month: 11, day: 30, hour: 0, minute: 10 })
    expect(currentWeekStart(mondayMorning)).toBe('2026-11-30')
  })

  it('allows the current and the next week only', () => {
    const now = fromPolandLocal({ year: 2026, month: 11, day: 25, hour: 12 })
    expect(weekBounds(now)).toEqual({ min: '2026-11-23', max: '2026-11-30' })
  })

  it('keeps the weeks across the autumn clock change', () => {
    const now = fromPolandLocal({ year: 2026, month: 10, day: 25, hour: 12 })
    expect(weekBounds(now)).toEqual({ min: '2026-10-19', max: '2026-10-26' })
  })

  it('keeps a valid week and replaces anything else with the current week', () => {
    const bounds = { min: '2026-11-23', max: '2026-11-30' }
    expect(clampWeek('2026-11-30', bounds)).toBe('2026-11-30')
    expect(clampWeek('2026-11-23', bounds)).toBe('2026-11-23')
    for (const bad of [null, '', 'next', '2026-12-07', '2026-11-16', '2026-11-24', '2026-02-30']) {
      expect(clampWeek(bad, bounds)).toBe('2026-11-23')
    }
  })

  it('always lands inside the bounds on a Monday', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }),
        fc.string(),
        (now, week) => {
          const bounds = weekBounds(now)
          const clamped = clampWeek(week, bounds)
          expect(clamped >= bounds.min && clamped <= bounds.max).toBe(true)
          expect(new Date(`${clamped}T00:00:00Z`).getUTCDay()).toBe(1)
          expect(addDays(bounds.min, 7)).toBe(bounds.max)
        },
      ),
    )
  })

  it('lists the seven dates of a week', () => {
    expect(weekDates('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ])
    expect(weekEnd('2026-12-28')).toBe('2027-01-03')
  })
})
