import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readDate, showDate } from './date-text.ts'

describe('dates typed and shown as dd.MM.yyyy', () => {
  it('reads what people type, in the app’s order, and keeps anything else for the rule to judge', () => {
    expect(readDate('17.05.1995')).toBe('1995-05-17')
    expect(readDate(' 7.5.1995 ')).toBe('1995-05-07')
    expect(readDate('07/05/1995')).toBe('1995-05-07')
    expect(readDate('1995-05-17')).toBe('1995-05-17')
    expect(readDate('17.05')).toBe('17.05')
    expect(readDate('')).toBe('')
  })

  it('shows a stored date as dd.MM.yyyy, and reads it back unchanged', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10)
          expect(showDate(iso)).toMatch(/^\d{2}\.\d{2}\.\d{4}$/)
          expect(readDate(showDate(iso))).toBe(iso)
        },
      ),
    )
    expect(showDate('17.05')).toBe('17.05')
  })
})

describe('dates read strictly with dayjs', () => {
  it('keeps a day that does not exist as typed, for the rule to call it no date', () => {
    expect(readDate('31.02.1995')).toBe('31.02.1995')
    expect(readDate('29.02.2023')).toBe('29.02.2023')
    expect(readDate('29.02.2024')).toBe('2024-02-29')
    expect(readDate('1995-02-31')).toBe('1995-02-31')
  })
})
