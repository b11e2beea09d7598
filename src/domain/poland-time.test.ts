import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  formatPolandDate,
  formatPolandTime,
  fromPolandLocal,
  lastSundayOfMonth,
  parseDateKey,
  polandDateKey,
  polandOffsetMinutes,
  startOfPolandDay,
  startOfPolandWeek,
  summerTimeEnd,
  summerTimeStart,
  toPolandParts,
} from './poland-time.ts'

// The oracle: the platform's IANA database for Europe/Warsaw, which follows the EU rule that
// product-rules.md "Time zone" states (Poland has used it since 1996).
const warsaw = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Warsaw',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
})
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

function oracleParts(ms: number) {
  const parts = Object.fromEntries(warsaw.formatToParts(ms).map((p) => [p.type, p.value]))
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(String(parts.weekday)) + 1,
  }
}

const FROM = Date.UTC(1997, 0, 1)
const TO = Date.UTC(2099, 11, 31)
const instant = fc.integer({ min: FROM, max: TO })
const yearArb = fc.integer({ min: 1997, max: 2099 })

describe('Poland time', () => {
  it('agrees with Europe/Warsaw for any instant', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        expect(toPolandParts(ms)).toEqual(oracleParts(ms))
      }),
      { numRuns: 2000 },
    )
  })

  it('agrees with Europe/Warsaw one minute either side of every change', () => {
    fc.assert(
      fc.property(yearArb, fc.boolean(), fc.integer({ min: -61, max: 61 }), (year, spring, minutes) => {
        const ms = (spring ? summerTimeStart(year) : summerTimeEnd(year)) + minutes * 60_000
        expect(toPolandParts(ms)).toEqual(oracleParts(ms))
      }),
    )
  })

  it('changes to summer time on the last Sunday of March at 02:00 and back on the last Sunday of October at 03:00', () => {
    fc.assert(
      fc.property(yearArb, (year) => {
        const start = summerTimeStart(year)
        const end = summerTimeEnd(year)
        expect(toPolandParts(start - 1)).toMatchObject({ month: 3, hour: 1, minute: 59, weekday: 7 })
        expect(toPolandParts(start)).toMatchObject({ month: 3, hour: 3, minute: 0, weekday: 7 })
        expect(toPolandParts(end - 1)).toMatchObject({ month: 10, hour: 2, minute: 59, weekday: 7 })
        expect(toPolandParts(end)).toMatchObject({ month: 10, hour: 2, minute: 0, weekday: 7 })
        expect(toPolandParts(start).day).toBeGreaterThan(24)
        expect(toPolandParts(end).day).toBeGreaterThan(24)
      }),
    )
  })

  it('knows the 2026 changes: 29 March and 25 October', () => {
    expect(lastSundayOfMonth(2026, 3)).toBe(29)
    expect(lastSundayOfMonth(2026, 10)).toBe(25)
    expect(new Date(summerTimeStart(2026)).toISOString()).toBe('2026-03-29T01:00:00.000Z')
    expect(new Date(summerTimeEnd(2026)).toISOString()).toBe('2026-10-25T01:00:00.000Z')
    expect(polandOffsetMinutes(Date.UTC(2026, 2, 29, 0, 59))).toBe(60)
    expect(polandOffsetMinutes(Date.UTC(2026, 2, 29, 1, 0))).toBe(120)
    expect(polandOffsetMinutes(Date.UTC(2026, 9, 25, 0, 59))).toBe(120)
    expect(polandOffsetMinutes(Date.UTC(2026, 9, 25, 1, 0))).toBe(60)
  })

  it('round-trips every wall-clock time that exists exactly once', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const wholeMinute = ms - (ms % 60_000)
        const p = toPolandParts(wholeMinute)
        const back = fromPolandLocal(p).getTime()
        const secondOfRepeatedHour =
          p.month === 10 && polandOffsetMinutes(wholeMinute) === 60 && back !== wholeMinute
        if (secondOfRepeatedHour) expect(back).toBe(wholeMinute - 3_600_000)
        else expect(back).toBe(wholeMinute)
      }),
      { numRuns: 2000 },
    )
  })

  it('reads the repeated autumn hour as summer time and moves a spring-gap time one hour on', () => {
    expect(fromPolandLocal({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    )
    const gap = fromPolandLocal({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 })
    expect(gap.toISOString()).toBe('2026-03-29T01:30:00.000Z')
    expect(formatPolandTime(gap)).toBe('03:30')
  })

  it('has 23-hour and 25-hour days on the change dates and 24 hours otherwise', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const key = polandDateKey(ms)
        const start = startOfPolandDay(ms).getTime()
        const next = fromPolandLocal({ ...parseKey(addDays(key, 1)) }).getTime()
        const hours = (next - start) / 3_600_000
        const p = toPolandParts(ms)
        const isChangeDay = p.weekday === 7 && p.day > 24 && (p.month === 3 || p.month === 10)
        expect(hours).toBe(isChangeDay ? (p.month === 3 ? 23 : 25) : 24)
        expect(start).toBeLessThanOrEqual(ms)
        expect(next).toBeGreaterThan(ms)
      }),
      { numRuns: 1000 },
    )
  })

  it('starts every week on Monday 00:00 Poland time', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const monday = startOfPolandWeek(ms)
        expect(toPolandParts(monday)).toMatchObject({ weekday: 1, hour: 0, minute: 0 })
        expect(monday.getTime()).toBeLessThanOrEqual(ms)
        expect(ms - monday.getTime()).toBeLessThan(7 * 86_400_000 + 3_600_000)
      }),
    )
  })

  it('formats dates as dd.MM.yyyy and times as 24-hour HH:mm in Poland time', () => {
    const t = Date.UTC(2026, 6, 4, 22, 5)
    expect(formatPolandDate(t)).toBe('05.07.2026')
    expect(formatPolandTime(t)).toBe('00:05')
    expect(formatPolandDate(Date.UTC(2026, 0, 31, 22, 59))).toBe('31.01.2026')
    expect(formatPolandTime(Date.UTC(2026, 0, 31, 22, 59))).toBe('23:59')
  })

  it('adds calendar days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2026-10-25', 7)).toBe('2026-11-01')
  })
})

function parseKey(key: string) {
  const [year, month, day] = key.split('-').map(Number)
  return { year: year ?? 0, month: month ?? 0, day: day ?? 0 }
}

describe('parseDateKey', () => {
  const reference = (key: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key)
    return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null
  }
  const read = (key: string) => {
    try {
      return parseDateKey(key)
    } catch {
      return null
    }
  }

  it('reads exactly the YYYY-MM-DD keys, and refuses anything else', () => {
    const keyish = fc.stringMatching(/^[0-9-]{8,11}$/)
    fc.assert(
      fc.property(
        fc.oneof(
          keyish,
          fc.string(),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
        ),
        (key) => {
          expect(read(key)).toEqual(reference(key))
        },
      ),
    )
    for (const bad of [
      '2026-1-01',
      '2026-01-1x',
      ' 2026-01-01',
      '2026-01-01 ',
      '2026/01/01',
      '２０２６-01-01',
    ])
      expect(read(bad)).toBeNull()
  })
})
