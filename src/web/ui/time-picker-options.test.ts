import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allowedTimes, snapTime, validTime } from './time-picker-options.ts'

describe('time picker options', () => {
  it('offers 15-minute steps from 06:00 to 23:00', () => {
    const times = allowedTimes()
    expect(times[0]).toBe('06:00')
    expect(times.at(-1)).toBe('23:00')
    expect(times).toHaveLength(69)
  })

  it('keeps a chosen end later than the start', () => {
    expect(allowedTimes('22:30')).toEqual(['22:45', '23:00'])
    expect(allowedTimes('10:45')[0]).toBe('11:00')
    expect(validTime('10:15', '10:15')).toBe('')
    expect(validTime('10:30', '10:15')).toBe('10:30')
    expect(allowedTimes('23:00')).toEqual([])
  })

  it('sets the minutes to 00 when only the hour is typed', () => {
    expect(snapTime('08')).toBe('08:00')
    expect(snapTime('8:')).toBe('08:00')
    expect(snapTime('14:')).toBe('14:00')
  })

  it('moves typed minutes to the nearest 15-minute step', () => {
    expect(snapTime('08:07')).toBe('08:00')
    expect(snapTime('08:08')).toBe('08:15')
    expect(snapTime('08:53')).toBe('09:00')
  })

  it('keeps a typed time inside 06:00–23:00 and after the start', () => {
    expect(snapTime('05:30')).toBe('06:00')
    expect(snapTime('23:30')).toBe('23:00')
    expect(snapTime('09:00', '10:15')).toBe('10:30')
    expect(snapTime('10:15', '10:15')).toBe('10:30')
    expect(snapTime('12:00', '23:00')).toBe('')
    expect(snapTime('')).toBe('')
    expect(snapTime('25:00')).toBe('')
  })

  it('always gives an allowed time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.option(fc.constantFrom(...allowedTimes())),
        (h, m, after) => {
          const snapped = snapTime(`${h}:${String(m).padStart(2, '0')}`, after ?? undefined)
          expect(
            snapped === '' ? after === '23:00' : validTime(snapped, after ?? undefined) === snapped,
          ).toBe(true)
        },
      ),
    )
  })
})
