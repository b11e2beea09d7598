import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  isDateKey,
  timetableShowQuery,
  timetableUpdateProblems,
  timetableUpdateSchema,
} from './timetables.ts'

const RANGE = { from: '2026-03-09', to: '2026-03-22' }
const ID = '00000000-0000-4000-8000-000000000000'

describe('timetable update rules', () => {
  it('accepts a clean cyclical schedule with date overrides', () => {
    const body = v.parse(timetableUpdateSchema, {
      cyclical: true,
      weekdays: { '1': [{ start: '08:00', end: '09:00' }] },
      dates: { '2026-03-12': [] },
    })
    expect(timetableUpdateProblems(body, RANGE)).toEqual([])
  })

  it('names each bad interval and each date outside the range', () => {
    const body = v.parse(timetableUpdateSchema, {
      cyclical: false,
      weekdays: { '2': [] },
      dates: { '2026-03-08': [], '2026-03-10': [{ start: '09:00', end: '09:00' }] },
    })
    expect(timetableUpdateProblems(body, RANGE)).toEqual([
      { field: 'weekdays', code: 'invalid' },
      { field: 'dates.2026-03-08', code: 'date_out_of_range' },
      { field: 'dates.2026-03-10.0', code: 'time_order' },
    ])
  })

  it('refuses unknown weekdays and impossible dates', () => {
    expect(v.safeParse(timetableUpdateSchema, { cyclical: true, weekdays: { '0': [] } }).success).toBe(false)
    expect(v.safeParse(timetableUpdateSchema, { cyclical: false, dates: { '2026-02-29': [] } }).success).toBe(
      false,
    )
  })
})

describe('timetable show query', () => {
  it('reads real dates only', () => {
    expect(isDateKey('2028-02-29')).toBe(true)
    expect(isDateKey('2026-02-29')).toBe(false)
    expect(isDateKey('2026-3-01')).toBe(false)
    expect(isDateKey('1999-12-31')).toBe(false)
    expect(isDateKey('2999-12-31')).toBe(true)
    // date_to + 1 day would be year 10000, which parseDateKey cannot read back.
    expect(isDateKey('9999-12-31')).toBe(false)
  })

  it('allows ranges of up to 14 days, in order', () => {
    const query = (date_from: string, date_to: string) =>
      v.safeParse(timetableShowQuery, { teacher_id: ID, date_from, date_to }).success
    expect(query('2026-03-09', '2026-03-09')).toBe(true)
    expect(query('2026-03-09', '2026-03-23')).toBe(true)
    expect(query('2026-03-09', '2026-03-24')).toBe(false)
    expect(query('2026-03-10', '2026-03-09')).toBe(false)
  })

  it('refuses an empty or impossible date with its field message, never a thrown RangeError', () => {
    const issues = (date_from: string, date_to: string) => {
      const result = v.safeParse(timetableShowQuery, { teacher_id: ID, date_from, date_to })
      return result.success ? [] : result.issues.map((found) => [found.path?.[0]?.key, found.message])
    }
    expect(issues('', '2026-03-09')).toEqual([['date_from', 'date_format']])
    expect(issues('2026-03-09', '')).toEqual([['date_to', 'date_format']])
    expect(issues('2026-02-30', 'x')).toEqual([
      ['date_from', 'date_format'],
      ['date_to', 'date_format'],
    ])
  })
})
