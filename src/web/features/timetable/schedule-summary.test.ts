import { describe, expect, it } from 'vitest'
import { datesBetween, scheduleFormFromTimetable } from './schedule-form.ts'
import { scheduleSummary } from './schedule-summary.ts'

const DATES = datesBetween('2026-03-12', '2026-03-22')
const empty = (cyclical: boolean) => scheduleFormFromTimetable(cyclical, [], DATES)

describe('WorkScheduleConfirm summary', () => {
  it('summarises a weekly pattern with its lessons and the dates of their own', () => {
    const before = empty(true)
    const after = empty(true)
    after.weekdays['1'] = [{ start: '08:00', end: '10:00' }]
    after.dates['2026-03-16'] = { own: true, intervals: [] }
    const summary = scheduleSummary(after, before)
    expect(summary.weekdays).toHaveLength(7)
    expect(summary.weekdays[0]).toEqual({
      weekday: '1',
      intervals: [{ start: '08:00', end: '10:00' }],
      lessons: 2,
      changed: true,
    })
    expect(summary.weekdays[1]?.changed).toBe(false)
    // Monday 16 is off, so only Monday 23 would give lessons — and it lies beyond the range.
    expect(summary.dates).toEqual([{ date: '2026-03-16', intervals: [], lessons: 0, changed: false }])
    expect(summary.totalLessons).toBe(0)
    expect(summary.changedDates).toBe(0)
  })

  it('counts the lessons and the changed dates of a schedule that does not repeat', () => {
    const before = empty(false)
    before.dates['2026-03-12'] = { own: true, intervals: [{ start: '08:00', end: '09:00' }] }
    const after = empty(false)
    after.dates['2026-03-12'] = { own: true, intervals: [{ start: '08:00', end: '09:00' }] }
    after.dates['2026-03-13'] = { own: true, intervals: [{ start: '08:00', end: '11:00' }] }
    const summary = scheduleSummary(after, before)
    expect(summary.weekdays).toEqual([])
    expect(summary.dates).toHaveLength(11)
    expect(summary.totalLessons).toBe(5)
    expect(summary.changedDates).toBe(1)
    expect(summary.dates.filter((line) => line.changed).map((line) => line.date)).toEqual(['2026-03-13'])
  })

  it('counts a switch to a weekly pattern as a change on every date it reaches', () => {
    const before = empty(false)
    const after = empty(true)
    after.weekdays['5'] = [{ start: '16:00', end: '17:30' }]
    const summary = scheduleSummary(after, before)
    expect(summary.changedDates).toBe(2)
    expect(summary.totalLessons).toBe(4)
  })
})
