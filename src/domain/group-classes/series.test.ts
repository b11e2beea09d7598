import { describe, expect, it } from 'vitest'
import { formatPolandTime, lastSundayOfMonth, polandDateKey } from '../poland-time.ts'
import { MAX_MEETINGS, meetingAt, seriesMeetings, weekdayOf } from './series.ts'

const local = (at: Date) => `${polandDateKey(at)} ${formatPolandTime(at)}`

describe('a weekly series', () => {
  it('meets on its weekdays from the first date until it has its number of meetings', () => {
    // 2027-01-04 is a Monday.
    const meetings = seriesMeetings({
      weekdays: [1, 3],
      startTime: '18:00',
      units: 2,
      firstDate: '2027-01-04',
      meetings: 5,
    })
    expect(meetings.map((m) => local(m.startsAt))).toEqual([
      '2027-01-04 18:00',
      '2027-01-06 18:00',
      '2027-01-11 18:00',
      '2027-01-13 18:00',
      '2027-01-18 18:00',
    ])
    // Two 45-minute units.
    expect(meetings.every((m) => m.endsAt.getTime() - m.startsAt.getTime() === 90 * 60_000)).toBe(true)
  })

  it('stops at its last date, that date included', () => {
    const meetings = seriesMeetings({
      weekdays: [5],
      startTime: '08:15',
      units: 1,
      firstDate: '2027-01-01',
      lastDate: '2027-01-22',
    })
    expect(meetings.map((m) => polandDateKey(m.startsAt))).toEqual([
      '2027-01-01',
      '2027-01-08',
      '2027-01-15',
      '2027-01-22',
    ])
  })

  it.each([
    ['March', 3],
    ['October', 10],
  ])('keeps its Poland time across the last Sunday of %s', (_name, month) => {
    const sunday = `2027-${String(month).padStart(2, '0')}-${lastSundayOfMonth(2027, month)}`
    expect(weekdayOf(sunday)).toBe(7)
    // Saturdays and Mondays from the 20th: meetings on both sides of the Sunday.
    const meetings = seriesMeetings({
      weekdays: [1, 6],
      startTime: '18:00',
      units: 1,
      firstDate: `2027-${String(month).padStart(2, '0')}-20`,
      meetings: 4,
    })
    expect(meetings.map((m) => formatPolandTime(m.startsAt))).toEqual(['18:00', '18:00', '18:00', '18:00'])
    // The UTC hour moves by one across the change.
    const hours = new Set(meetings.map((m) => m.startsAt.getUTCHours()))
    expect(hours.size).toBe(2)
  })

  it('has no meetings without weekdays, and never more than the most a class may have', () => {
    expect(
      seriesMeetings({ weekdays: [], startTime: '10:00', units: 1, firstDate: '2027-01-01', meetings: 3 }),
    ).toEqual([])
    expect(
      seriesMeetings({
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startTime: '10:00',
        units: 1,
        firstDate: '2027-01-01',
        lastDate: '2030-01-01',
      }),
    ).toHaveLength(MAX_MEETINGS)
  })

  it('reads a single meeting at its Poland date and time', () => {
    const meeting = meetingAt('2027-10-31', '10:00', 1)
    expect(meeting.startsAt.toISOString()).toBe('2027-10-31T09:00:00.000Z')
    expect(() => meetingAt('2027-10-31', '25:00', 1)).toThrow(RangeError)
  })
})
