import { describe, expect, it } from 'vitest'
import { searchTime } from './search-time.ts'
import { readSetLessonsState, type SetLessonsState, writeSetLessonsState } from './set-lessons-url.ts'

const TEACHER = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890'

describe('set-lessons state in the URL', () => {
  it('survives a round trip through the query string', () => {
    const state: SetLessonsState = {
      language: 4,
      level: 2,
      day: '2026-11-25',
      from: '14:00',
      to: '18:30',
      page: 3,
      teacher: TEACHER,
      week: '2026-11-30',
    }
    expect(readSetLessonsState(new URLSearchParams(writeSetLessonsState(state).toString()))).toEqual(state)
  })

  it('opens a teacher from a link such as the IT-teachers screen gives', () => {
    const state = readSetLessonsState(new URLSearchParams(`teacher=${TEACHER.toUpperCase()}`))
    expect(state.teacher).toBe(TEACHER)
    expect(state.language).toBeNull()
    expect(state.page).toBe(1)
  })

  it('drops malformed values instead of trusting them', () => {
    const state = readSetLessonsState(
      new URLSearchParams(
        'language=abc&level=-1&day=2026-02-30&from=25:00&to=7pm&page=0&teacher=42&week=soon',
      ),
    )
    expect(state).toEqual({
      language: null,
      level: null,
      day: null,
      from: null,
      to: null,
      page: 1,
      teacher: null,
      week: null,
    })
  })

  it('remembers that the student cleared the language', () => {
    expect(readSetLessonsState(new URLSearchParams('language=any')).language).toBe('any')
  })
})

describe('the search time window', () => {
  it('sends nothing without a start time', () => {
    expect(searchTime(null, null)).toBeUndefined()
    expect(searchTime(null, '10:00')).toBeUndefined()
  })

  it('sends the chosen range when both ends are set', () => {
    expect(searchTime('08:15', '11:00')).toEqual({ from: '08:15', to: '11:00' })
  })

  it('widens a lone start to two hours either side', () => {
    expect(searchTime('14:00', null)).toEqual({ from: '12:00', to: '16:00' })
    expect(searchTime('06:30', null)).toEqual({ from: '04:30', to: '08:30' })
  })

  it('wraps the end to midnight from 22:00 on', () => {
    expect(searchTime('21:45', null)).toEqual({ from: '19:45', to: '23:45' })
    expect(searchTime('22:00', null)).toEqual({ from: '20:00', to: '00:00' })
    expect(searchTime('23:00', null)).toEqual({ from: '21:00', to: '00:00' })
  })
})
