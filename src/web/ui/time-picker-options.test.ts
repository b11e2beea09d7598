import { describe, expect, it } from 'vitest'
import {
  allowedTimes,
  hourOptions,
  minuteOptions,
  validTime,
  withHour,
  withMinute,
} from './time-picker-options.ts'

describe('time picker options (spec §5)', () => {
  it('offers 15-minute steps from 06:00 to 23:00', () => {
    const times = allowedTimes()
    expect(times[0]).toBe('06:00')
    expect(times.at(-1)).toBe('23:00')
    expect(times).toHaveLength(69)
    expect(hourOptions()).toHaveLength(18)
    expect(minuteOptions('23')).toEqual(['00'])
  })

  it('sets the minutes to 00 when only the hour is chosen', () => {
    expect(withHour('08', '')).toBe('08:00')
    expect(withHour('09', '08:30')).toBe('09:30')
    expect(withHour('23', '22:45')).toBe('23:00')
  })

  it('keeps a chosen end later than the start', () => {
    expect(allowedTimes('22:30')).toEqual(['22:45', '23:00'])
    expect(hourOptions('10:45')[0]).toBe('11')
    expect(minuteOptions('10', '10:15')).toEqual(['30', '45'])
    expect(withHour('10', '', '10:15')).toBe('10:30')
    expect(validTime('10:15', '10:15')).toBe('')
    expect(validTime('10:30', '10:15')).toBe('10:30')
    expect(allowedTimes('23:00')).toEqual([])
  })

  it('needs an hour before minutes can be chosen', () => {
    expect(withMinute('15', '')).toBeNull()
    expect(withMinute('15', '08:00')).toBe('08:15')
  })
})
