import { describe, expect, it } from 'vitest'
import { rangeDays, shiftDate, showsToday } from './calendar-range.ts'
import { type MyLessonsState, readMyLessonsState, writeMyLessonsState } from './my-lessons-url.ts'

describe('my-lessons state in the URL', () => {
  it('survives a round trip through the query string', () => {
    const state: MyLessonsState = {
      tab: 'closed',
      view: 'calendar',
      range: 'day',
      date: '2026-11-25',
      page: 3,
    }
    expect(readMyLessonsState(new URLSearchParams(writeMyLessonsState(state).toString()))).toEqual(state)
  })

  it('leaves the defaults out of the URL', () => {
    const state: MyLessonsState = { tab: 'scheduled', view: 'list', range: null, date: null, page: 1 }
    expect(writeMyLessonsState(state).toString()).toBe('')
  })

  it('drops malformed values instead of trusting them', () => {
    const state = readMyLessonsState(
      new URLSearchParams('tab=archive&view=grid&range=month&date=2026-02-30&page=0'),
    )
    expect(state).toEqual({ tab: 'scheduled', view: 'list', range: null, date: null, page: 1 })
  })
})

describe('the calendar range (Poland dates, weeks from Monday)', () => {
  it('shows Monday to Sunday of the chosen date in the week view', () => {
    expect(rangeDays('week', '2026-11-25')).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
      days: [
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
        '2026-11-29',
      ],
    })
    expect(rangeDays('week', '2026-11-29').from).toBe('2026-11-23')
    expect(rangeDays('day', '2026-11-25').days).toEqual(['2026-11-25'])
  })

  it('steps a week or a day, across months and the October clock change', () => {
    expect(shiftDate('week', '2026-11-25', 1)).toBe('2026-11-30')
    expect(shiftDate('week', '2026-11-25', -1)).toBe('2026-11-16')
    expect(shiftDate('day', '2026-10-25', 1)).toBe('2026-10-26')
    expect(shiftDate('day', '2026-12-01', -1)).toBe('2026-11-30')
  })

  it('knows whether today is shown', () => {
    expect(showsToday('week', '2026-11-23', '2026-11-29')).toBe(true)
    expect(showsToday('day', '2026-11-23', '2026-11-24')).toBe(false)
  })
})
