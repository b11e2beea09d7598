import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { slotsForDay } from '../../domain/schedule/slots.ts'
import { pastSlot, soonStart, withSlotAt } from './demo-lesson-times.ts'

const at = (start: string, end: string) => ({ start, end })
const times = (date: string, intervals: { start: string; end: string }[]) =>
  slotsForDay(date, intervals).map((s) => s.time)

describe('soonStart', () => {
  it('is the first quarter hour from now, Poland time', () => {
    // 10 March 2026 is in winter time (UTC+1); 10 June in summer time (UTC+2).
    expect(soonStart(new Date('2026-03-10T09:00:00Z'))).toMatchObject({
      date: '2026-03-10',
      minutes: 600,
      onSchedule: true,
    })
    expect(soonStart(new Date('2026-03-10T09:00:00.001Z'))).toMatchObject({
      date: '2026-03-10',
      minutes: 615,
    })
    expect(soonStart(new Date('2026-06-10T15:07:00Z'))).toMatchObject({
      date: '2026-06-10',
      minutes: 17 * 60 + 15,
    })
  })

  // At night it used to wait for 06:00, so Join could not be tried.
  it('stays within a quarter hour at any hour, off the schedule outside 06:00–23:00', () => {
    expect(soonStart(new Date('2026-03-10T02:00:00Z'))).toMatchObject({
      date: '2026-03-10',
      minutes: 180,
      onSchedule: false,
    })
    expect(soonStart(new Date('2026-03-10T21:15:00Z'))).toMatchObject({
      date: '2026-03-10',
      minutes: 22 * 60 + 15,
      onSchedule: true,
    })
    expect(soonStart(new Date('2026-03-10T21:16:00Z'))).toMatchObject({
      date: '2026-03-10',
      minutes: 22 * 60 + 30,
      onSchedule: false,
    })
    // 23:50 rounds up to the next day's midnight.
    expect(soonStart(new Date('2026-03-10T22:50:00Z'))).toMatchObject({
      date: '2026-03-11',
      minutes: 0,
      onSchedule: false,
    })
  })

  it('always starts within the next 15 minutes, so the join window is open at once', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }), (ms) => {
        const { startsAt } = soonStart(new Date(ms))
        const wait = startsAt.getTime() - ms
        expect(wait).toBeGreaterThanOrEqual(0)
        expect(wait).toBeLessThanOrEqual(15 * 60_000)
      }),
    )
    // The night the clocks go back: 02:10 CET (the second 02:10) gives 02:15 CET, not CEST.
    const { startsAt } = soonStart(new Date('2026-10-25T01:10:00Z'))
    expect(startsAt.toISOString()).toBe('2026-10-25T01:15:00.000Z')
  })
})

describe('withSlotAt', () => {
  it('adds a lone slot on a free day or outside the working hours', () => {
    expect(times('2026-03-15', withSlotAt([], 600))).toEqual(['10:00'])
    expect(times('2026-03-10', withSlotAt([at('16:00', '20:30')], 600))).toEqual([
      '10:00',
      '16:00',
      '16:45',
      '17:30',
      '18:15',
      '19:00',
      '19:45',
    ])
  })

  it('cuts the working hours around a slot that falls inside them, a quarter hour apart', () => {
    const intervals = withSlotAt([at('16:00', '20:30')], 17 * 60 + 15)
    expect(intervals).toEqual([at('16:00', '17:00'), at('17:15', '18:00'), at('18:15', '20:30')])
    expect(times('2026-03-10', intervals)).toEqual(['16:00', '17:15', '18:15', '19:00', '19:45'])
  })

  it('keeps a slot that touches the working hours apart from them', () => {
    expect(times('2026-03-10', withSlotAt([at('16:00', '20:30')], 15 * 60 + 15))).toEqual([
      '15:15',
      '16:15',
      '17:00',
      '17:45',
      '18:30',
      '19:15',
    ])
  })
})

describe('pastSlot', () => {
  const weekly = { '1': [at('16:00', '18:00')], '6': [at('09:00', '12:00')] }
  it("takes the chosen slot of the latest working day at least `daysAgo` back (Tuesday's now)", () => {
    const now = new Date('2026-03-10T09:00:00Z')
    expect(pastSlot(weekly, now, 1, 'last').startsAt.toISOString()).toBe('2026-03-09T15:45:00.000Z')
    expect(pastSlot(weekly, now, 2, 'first').startsAt.toISOString()).toBe('2026-03-07T08:00:00.000Z')
    expect(pastSlot(weekly, now, 2, 'second').startsAt.toISOString()).toBe('2026-03-07T08:45:00.000Z')
  })
})
