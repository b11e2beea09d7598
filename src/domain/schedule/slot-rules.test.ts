import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toPolandParts } from '../poland-time.ts'
import {
  isMissedSlot,
  isScheduledSlot,
  joinOpen,
  lessonDates,
  limitReached,
  refusesStudent,
  scheduleRange,
  searchWindow,
} from './slot-rules.ts'

const MIN = 60_000
const at = (iso: string) => new Date(iso)
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) })

describe('slot states', () => {
  it('marks a slot scheduled when a lesson of the student overlaps it', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -120, max: 120 }), (slot, offset) => {
        const scheduled = isScheduledSlot(new Date(slot), [new Date(slot + offset * MIN)])
        expect(scheduled).toBe(Math.abs(offset) < 45)
      }),
    )
    expect(isScheduledSlot(at('2026-11-23T10:00:00Z'), [])).toBe(false)
  })

  it('marks a slot missed when it starts within the grace period', () => {
    const now = at('2026-11-23T10:00:00Z')
    expect(isMissedSlot(at('2026-11-23T21:59:00Z'), now, 12)).toBe(true)
    expect(isMissedSlot(at('2026-11-23T22:00:00Z'), now, 12)).toBe(false)
    expect(isMissedSlot(at('2026-11-23T09:00:00Z'), now, 0)).toBe(true)
  })

  it('reaches the limit when selected plus scheduled is at least the limit', () => {
    expect(limitReached(1, 0, 2)).toBe(false)
    expect(limitReached(1, 1, 2)).toBe(true)
    expect(limitReached(0, 3, 2)).toBe(true)
  })

  it("takes the dates of the student's lessons in Poland: 00:15 in Warsaw is the next date in UTC", () => {
    const dates = lessonDates([at('2026-03-11T23:15:00Z'), at('2026-10-25T21:30:00Z')])
    expect([...dates]).toEqual(['2026-03-12', '2026-10-25'])
  })

  it('lets a teacher who does not accept new students take only the students on their list', () => {
    expect(refusesStudent(true, false)).toBe(true)
    expect(refusesStudent(true, true)).toBe(false)
    expect(refusesStudent(false, false)).toBe(false)
  })
})

describe('schedule range', () => {
  it('covers this week and next, from Monday, in Poland time', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const range = scheduleRange(new Date(ms), null)
        expect(range).not.toBeNull()
        if (!range) return
        const from = new Date(`${range.from}T12:00:00Z`)
        expect(from.getUTCDay()).toBe(1)
        expect((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000).toBe(13)
        const today = toPolandParts(ms)
        const key = `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`
        expect(range.from <= key && key <= range.to).toBe(true)
      }),
    )
  })

  it('ends at active_until when that comes sooner, and is empty once it has passed', () => {
    const now = at('2026-11-25T12:00:00Z') // Wednesday
    expect(scheduleRange(now, '2026-11-28')).toEqual({ from: '2026-11-23', to: '2026-11-28' })
    expect(scheduleRange(now, '2027-01-01')).toEqual({ from: '2026-11-23', to: '2026-12-06' })
    expect(scheduleRange(now, '2026-11-20')).toBeNull()
  })

  it('starts the week on Monday in Poland even when it is still Sunday in UTC', () => {
    expect(scheduleRange(at('2026-11-22T23:30:00Z'), null)?.from).toBe('2026-11-23')
  })
})

describe('join window (15 minutes before start to 15 minutes after end)', () => {
  const lesson = { startsAt: at('2026-11-23T10:00:00Z'), cancelled: false }
  it('opens 15 minutes before and closes 15 minutes after the 45-minute lesson', () => {
    expect(joinOpen(lesson, at('2026-11-23T09:44:59Z'))).toBe(false)
    expect(joinOpen(lesson, at('2026-11-23T09:45:00Z'))).toBe(true)
    expect(joinOpen(lesson, at('2026-11-23T11:00:00Z'))).toBe(true)
    expect(joinOpen(lesson, at('2026-11-23T11:00:01Z'))).toBe(false)
  })
  it('never opens for a cancelled lesson', () => {
    expect(joinOpen({ ...lesson, cancelled: true }, at('2026-11-23T10:00:00Z'))).toBe(false)
  })
})

describe('teacher search window', () => {
  it('spans two hours either side, clamped at 0 and wrapping 24 to 0', () => {
    expect(searchWindow(18)).toEqual({ from: 16, to: 20 })
    expect(searchWindow(1)).toEqual({ from: 0, to: 3 })
    expect(searchWindow(21)).toEqual({ from: 19, to: 23 })
    expect(searchWindow(22)).toEqual({ from: 20, to: 0 })
    expect(searchWindow(23)).toEqual({ from: 21, to: 0 })
  })
})
