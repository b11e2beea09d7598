import { describe, expect, it } from 'vitest'
import type { Timetable } from '../../../domain/api/timetables.ts'
import {
  dateIntervals,
  datesBetween,
  lessonsIn,
  nextInterval,
  scheduleFormFromTimetable,
  slotsToIntervals,
  toTimetableUpdate,
  weekdayOf,
  withCyclical,
} from './schedule-form.ts'

// Thursday 12 March 2026 to Sunday 22 March: what is left of the current and the next week.
const DATES = datesBetween('2026-03-12', '2026-03-22')
const ID = '00000000-0000-4000-8000-000000000000'

const day = (date: string, times: string[]): Timetable['timetable'][number] => ({
  date,
  slots: times.map((time) => ({ id: ID, time, available: true, scheduled: false, missed: false })),
  has_own_lesson: false,
})

describe('the SetLesson form read from the slots', () => {
  it('names ISO weekdays and lists every date of the range', () => {
    expect(weekdayOf('2026-03-12')).toBe('4')
    expect(weekdayOf('2026-03-15')).toBe('7')
    expect(weekdayOf('2026-03-16')).toBe('1')
    expect(DATES).toHaveLength(11)
  })

  it('joins slots 45 minutes apart into one interval and splits at gaps', () => {
    expect(slotsToIntervals(['09:30', '08:00', '08:45', '12:00'])).toEqual([
      { start: '08:00', end: '10:15' },
      { start: '12:00', end: '12:45' },
    ])
    expect(slotsToIntervals([])).toEqual([])
  })

  it('reads a cyclical schedule as weekdays and keeps a differing date as its own', () => {
    const timetable = [
      day('2026-03-12', ['08:00', '08:45']),
      day('2026-03-19', ['08:00', '08:45']),
      day('2026-03-16', ['10:00']),
      // Friday 13 is off this week only.
      day('2026-03-20', ['14:00']),
    ]
    const form = scheduleFormFromTimetable(true, timetable, DATES)
    expect(form.weekdays['4']).toEqual([{ start: '08:00', end: '09:30' }])
    expect(form.weekdays['5']).toEqual([{ start: '14:00', end: '14:45' }])
    expect(form.dates['2026-03-12']).toEqual({ own: false, intervals: [] })
    expect(form.dates['2026-03-13']).toEqual({ own: true, intervals: [] })
    expect(dateIntervals(form, '2026-03-19')).toEqual([{ start: '08:00', end: '09:30' }])
  })

  it('reads a schedule that does not repeat as dates only', () => {
    const form = scheduleFormFromTimetable(false, [day('2026-03-17', ['18:00'])], DATES)
    expect(Object.values(form.weekdays).flat()).toEqual([])
    expect(form.dates['2026-03-17']).toEqual({ own: true, intervals: [{ start: '18:00', end: '18:45' }] })
  })
})

describe('the SetLesson payload (timetableUpdateSchema)', () => {
  it('sends worked weekdays and the dates of their own, an empty one as a day off', () => {
    const form = scheduleFormFromTimetable(true, [], DATES)
    form.weekdays['1'] = [{ start: '08:00', end: '12:00' }]
    form.dates['2026-03-16'] = { own: true, intervals: [] }
    form.dates['2026-03-17'] = { own: false, intervals: [{ start: '09:00', end: '10:00' }] }
    expect(toTimetableUpdate(form)).toEqual({
      cyclical: true,
      weekdays: { '1': [{ start: '08:00', end: '12:00' }] },
      dates: { '2026-03-16': [] },
    })
  })

  it('sends only the worked dates when the schedule does not repeat', () => {
    const form = scheduleFormFromTimetable(false, [day('2026-03-18', ['07:00'])], DATES)
    form.weekdays['2'] = [{ start: '08:00', end: '12:00' }]
    expect(toTimetableUpdate(form)).toEqual({
      cyclical: false,
      dates: { '2026-03-18': [{ start: '07:00', end: '07:45' }] },
    })
  })

  it('turns a round trip of the slots back into the same schedule', () => {
    const timetable = [
      day('2026-03-12', ['08:00', '08:45', '11:00']),
      day('2026-03-19', ['08:00', '08:45', '11:00']),
    ]
    const form = scheduleFormFromTimetable(true, timetable, DATES)
    expect(toTimetableUpdate(form).weekdays).toEqual({
      '4': [
        { start: '08:00', end: '09:30' },
        { start: '11:00', end: '11:45' },
      ],
    })
  })
})

describe('lesson preview and new intervals', () => {
  it('counts 45-minute lessons and drops the leftover', () => {
    expect(lessonsIn([{ start: '08:00', end: '10:00' }])).toBe(2)
    expect(lessonsIn([{ start: '08:00', end: '08:30' }])).toBe(0)
    expect(
      lessonsIn([
        { start: '08:00', end: '09:00' },
        { start: '09:00', end: '09:30' },
      ]),
    ).toBe(2)
    expect(lessonsIn([{ start: '', end: '09:00' }])).toBe(0)
  })

  it('places a new interval after the last one, never past 23:00', () => {
    expect(nextInterval([])).toEqual({ start: '08:00', end: '09:00' })
    expect(nextInterval([{ start: '08:00', end: '12:00' }])).toEqual({ start: '12:00', end: '13:00' })
    expect(nextInterval([{ start: '20:00', end: '22:30' }])).toEqual({ start: '22:30', end: '23:00' })
    expect(nextInterval([{ start: '20:00', end: '23:00' }])).toEqual({ start: '', end: '' })
  })
})

describe('the "repeats every week" switch', () => {
  it("keeps every date's hours when turned off", () => {
    const form = scheduleFormFromTimetable(true, [], DATES)
    form.weekdays['4'] = [{ start: '08:00', end: '10:00' }]
    form.dates['2026-03-19'] = { own: true, intervals: [] }
    const dated = withCyclical(form, false)
    expect(dated.cyclical).toBe(false)
    expect(dated.dates['2026-03-12']).toEqual({ own: true, intervals: [{ start: '08:00', end: '10:00' }] })
    expect(dated.dates['2026-03-19']).toEqual({ own: true, intervals: [] })
  })

  it('fills an empty weekly pattern from the dates when turned on', () => {
    const form = scheduleFormFromTimetable(
      false,
      [day('2026-03-13', ['08:00']), day('2026-03-20', ['08:00'])],
      DATES,
    )
    const weekly = withCyclical(form, true)
    expect(weekly.weekdays['5']).toEqual([{ start: '08:00', end: '08:45' }])
    expect(weekly.dates['2026-03-13']).toEqual({ own: false, intervals: [] })
    expect(toTimetableUpdate(weekly)).toEqual({
      cyclical: true,
      weekdays: { '5': [{ start: '08:00', end: '08:45' }] },
      dates: {},
    })
  })

  it('keeps a weekly pattern typed earlier and makes differing dates their own', () => {
    const form = scheduleFormFromTimetable(false, [day('2026-03-13', ['08:00'])], DATES)
    form.weekdays['5'] = [{ start: '08:00', end: '08:45' }]
    const weekly = withCyclical(form, true)
    expect(weekly.dates['2026-03-13']?.own).toBe(false)
    expect(weekly.dates['2026-03-20']).toEqual({ own: true, intervals: [] })
  })
})
