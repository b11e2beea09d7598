import { describe, expect, it } from 'vitest'
import { checkCsv, parseCsv } from './students-csv.ts'

const HEADER = 'email,human_access,ai_access,only_group_lessons,active_until,company_name,locale'

describe('parseCsv', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks, and counts lines', () => {
    const text = '\uFEFFa,b\r\n"x, ""y""","line\nbreak"\n\n  \nlast,row'
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, "y"', 'line\nbreak'] },
      { line: 6, fields: ['last', 'row'] },
    ])
  })

  it('takes semicolons as separators when the header has no comma (Excel in Poland)', () => {
    expect(parseCsv('a;b\n"1,5";2')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1,5', '2'] },
    ])
  })

  it('refuses a quote that never closes', () => {
    expect(() => parseCsv('a,b\n"open,2')).toThrow('line 2 is never closed')
  })
})

describe('checkCsv', () => {
  it('accepts columns in any order and fills empty values with their defaults', () => {
    const [row] = checkCsv(
      'locale,email,company_name,active_until,only_group_lessons,ai_access,human_access\n,A@Example.com,,,,,tak',
      '2026-03-10',
    )
    expect(row).toEqual({
      line: 2,
      email: 'a@example.com',
      cells: {
        email: 'A@Example.com',
        human_access: 'tak',
        ai_access: '',
        only_group_lessons: '',
        active_until: '',
        company_name: '',
        locale: '',
      },
      values: {
        email: 'a@example.com',
        human_access: true,
        ai_access: false,
        only_group_lessons: false,
        active_until: null,
        company_name: null,
        locale: 'pl',
      },
      problems: [],
    })
  })

  it('flags each problem of a row on its column', () => {
    const [row] = checkCsv(
      `${HEADER}\nx@example.com,true,true,false,2026-03-09,${'c'.repeat(101)},pl`,
      '2026-03-10',
    )
    expect(row?.values).toBeNull()
    expect(row?.problems.map((p) => [p.field, p.code])).toEqual([
      ['active_until', 'date_past'],
      ['company_name', 'company_too_long'],
    ])
  })

  it('refuses a company name with a line break or a tab, and keeps one that looks like a formula as text', () => {
    const rows = checkCsv(
      [
        HEADER,
        'a@example.com,true,true,false,,"ACME\nLtd",pl',
        'b@example.com,true,true,false,,ACME\tLtd,pl',
        'c@example.com,true,true,false,,"=HYPERLINK(""http://x.example"",""y"")",pl',
        'd@example.com,true,true,false,,+48 123,pl',
        'e@example.com,true,true,false,,-1+2,pl',
        'f@example.com,true,true,false,,@SUM(A1),pl',
      ].join('\n'),
      '2026-03-10',
    )
    expect(rows.slice(0, 2).map((row) => row.problems.map((p) => [p.field, p.code]))).toEqual([
      [['company_name', 'company_single_line']],
      [['company_name', 'company_single_line']],
    ])
    expect(rows.slice(2).map((row) => row.values?.company_name)).toEqual([
      '=HYPERLINK("http://x.example","y")',
      '+48 123',
      '-1+2',
      '@SUM(A1)',
    ])
  })

  it('refuses a file of only a header, or with an unknown column', () => {
    expect(() => checkCsv(HEADER, '2026-03-10')).toThrow('only its header row')
    expect(() => checkCsv(`${HEADER},phone\na@b.pl`, '2026-03-10')).toThrow('unknown: phone')
  })
})
