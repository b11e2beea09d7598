import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { polandDateKey } from '../../../domain/poland-time.ts'
import {
  clashesWithLessons,
  clashingSlots,
  hasTwoOnOneDate,
  isAfterActiveUntil,
  laterOnTheirDate,
  requestedMonths,
} from './booking-rules.ts'

// Booking checks in Poland time (spec §9), whatever the machine's TZ (the suite runs under UTC
// and America/New_York).

const MIN = 60_000
const span = (iso: string) => {
  const startsAt = new Date(iso)
  return { startsAt, endsAt: new Date(startsAt.getTime() + 45 * MIN) }
}
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }).map((ms) => {
  const startsAt = new Date(ms - (ms % (15 * MIN)))
  return { startsAt, endsAt: new Date(startsAt.getTime() + 45 * MIN) }
})

describe('booking rules on Poland dates', () => {
  it('counts dates in Poland time: 23:30 UTC on 31 March is already 1 April in Warsaw', () => {
    expect(hasTwoOnOneDate([span('2026-03-31T23:30:00Z'), span('2026-04-01T08:00:00Z')])).toBe(true)
    expect(hasTwoOnOneDate([span('2026-03-31T21:00:00Z'), span('2026-04-01T08:00:00Z')])).toBe(false)
    expect(isAfterActiveUntil(span('2026-03-31T22:30:00Z'), '2026-03-31')).toBe(true)
    expect(isAfterActiveUntil(span('2026-03-31T21:00:00Z'), '2026-03-31')).toBe(false)
    expect(isAfterActiveUntil(span('2026-03-31T22:30:00Z'), null)).toBe(false)
  })

  it('names the slots a refusal is about: the later ones of a date, and those clashing with lessons', () => {
    const morning = span('2026-03-11T07:00:00Z')
    const evening = span('2026-03-11T17:00:00Z')
    const nextDay = span('2026-03-12T07:00:00Z')
    // The order of the request does not matter: the earlier slot of the date stays.
    expect(laterOnTheirDate([evening, nextDay, morning])).toEqual([evening])
    expect(laterOnTheirDate([morning, nextDay])).toEqual([])
    expect(clashingSlots([morning, nextDay], [span('2026-03-11T15:00:00Z')])).toEqual([morning])
  })

  it('clashes with a lesson on the same Poland date or within 45 minutes, never otherwise', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -3000, max: 3000 }), (slot, offset) => {
        const lesson = {
          startsAt: new Date(slot.startsAt.getTime() + offset * MIN),
          endsAt: new Date(slot.endsAt.getTime() + offset * MIN),
        }
        const expected =
          polandDateKey(lesson.startsAt) === polandDateKey(slot.startsAt) || Math.abs(offset) < 45
        expect(clashesWithLessons([slot], [lesson])).toBe(expected)
      }),
    )
  })

  it('groups slots by Poland calendar month, each range holding its slots, DST months included', () => {
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 6 }), (slots) => {
        const months = requestedMonths(slots)
        expect(months.reduce((n, month) => n + month.requested, 0)).toBe(slots.length)
        for (const slot of slots) {
          const holding = months.filter((m) => m.from <= slot.startsAt && slot.startsAt < m.to)
          expect(holding).toHaveLength(1)
        }
        for (const month of months) {
          expect(polandDateKey(month.from).endsWith('-01')).toBe(true)
          expect(polandDateKey(new Date(month.to.getTime() - 1)).slice(0, 7)).toBe(
            polandDateKey(month.from).slice(0, 7),
          )
        }
      }),
    )
    const [march] = requestedMonths([span('2026-03-29T10:00:00Z')])
    expect(march?.from.toISOString()).toBe('2026-02-28T23:00:00.000Z')
    expect(march?.to.toISOString()).toBe('2026-03-31T22:00:00.000Z')
  })
})
