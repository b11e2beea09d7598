import { describe, expect, it } from 'vitest'
import { issueMessage } from '../../api/issue-messages.ts'
import { datesBetween, scheduleFormFromTimetable } from './schedule-form.ts'
import {
  dayMessages,
  scheduleFormProblems,
  serverScheduleMessages,
  withoutDay,
} from './schedule-form-rules.ts'

const DATES = datesBetween('2026-03-12', '2026-03-22')
const empty = (cyclical: boolean) => scheduleFormFromTimetable(cyclical, [], DATES)

describe('SetLesson interval rules', () => {
  it('accepts clean intervals', () => {
    const form = empty(true)
    form.weekdays['1'] = [
      { start: '08:00', end: '09:00' },
      { start: '10:00', end: '11:30' },
    ]
    expect(scheduleFormProblems(form)).toEqual([])
  })

  it('names the interval whose start is not before its end, and overlapping ones', () => {
    const form = empty(true)
    form.weekdays['3'] = [
      { start: '08:00', end: '10:00' },
      { start: '09:00', end: '11:00' },
      { start: '12:00', end: '12:00' },
    ]
    expect(scheduleFormProblems(form)).toEqual([
      { field: 'weekdays.3.0', code: 'time_overlap' },
      { field: 'weekdays.3.1', code: 'time_overlap' },
      { field: 'weekdays.3.2', code: 'time_order' },
    ])
  })

  it('asks for a missing time instead of calling it a bad format', () => {
    const form = empty(false)
    form.dates['2026-03-13'] = { own: true, intervals: [{ start: '08:00', end: '' }] }
    expect(scheduleFormProblems(form)).toEqual([{ field: 'dates.2026-03-13.0', code: 'required' }])
  })

  it('ignores rows that the payload does not send (weekdays without repetition, dates that follow their weekday)', () => {
    const form = empty(false)
    form.weekdays['2'] = [{ start: '10:00', end: '09:00' }]
    expect(scheduleFormProblems(form)).toEqual([])
    const cyclical = empty(true)
    cyclical.dates['2026-03-13'] = { own: false, intervals: [{ start: '10:00', end: '09:00' }] }
    expect(scheduleFormProblems(cyclical)).toEqual([])
  })
})

describe("the server's field errors on the form", () => {
  it('puts interval and day errors on their rows and keeps the rest for the whole form', () => {
    const form = empty(true)
    form.weekdays['3'] = [
      { start: '08:00', end: '09:00' },
      { start: '10:00', end: '11:00' },
    ]
    form.dates['2026-03-14'] = { own: true, intervals: [] }
    const { fields, unplaced } = serverScheduleMessages(form, [
      { field: 'weekdays.3.1', message: 'Intervals of one day must not overlap', code: 'time_overlap' },
      {
        field: 'dates.2026-03-14',
        message: 'Choose a date in the current or next week',
        code: 'date_out_of_range',
      },
      { field: 'weekdays', message: 'Invalid value', code: 'invalid' },
    ])
    expect(fields).toEqual({
      'weekdays.3.1': issueMessage('time_overlap'),
      'dates.2026-03-14': issueMessage('date_out_of_range'),
    })
    expect(unplaced).toEqual(issueMessage('invalid'))
  })

  it('does not place an error on a row the form no longer has', () => {
    const { fields, unplaced } = serverScheduleMessages(empty(true), [
      { field: 'weekdays.3.4', message: 'The start must be before the end', code: 'time_order' },
    ])
    expect(fields).toEqual({})
    expect(unplaced).toEqual(issueMessage('time_order'))
  })

  it('selects and clears the messages of one day only', () => {
    const messages = {
      'weekdays.1.0': issueMessage('time_order'),
      'weekdays.1': issueMessage('invalid'),
      'weekdays.10': issueMessage('invalid'),
      'dates.2026-03-14.0': issueMessage('required'),
    }
    expect(Object.keys(dayMessages(messages, 'weekdays.1'))).toEqual(['weekdays.1.0', 'weekdays.1'])
    expect(Object.keys(withoutDay(messages, 'weekdays.1'))).toEqual(['weekdays.10', 'dates.2026-03-14.0'])
  })
})
