import { describe, expect, it } from 'vitest'
import { lessonFixture } from '../../test-support/lesson-fixture.ts'
import { attendanceRows, attendanceShown } from './attendance.ts'

// The fixture's lesson: 2026-11-25 08:00–08:45 Poland time (07:00–07:45 UTC); my-lessons offers
// Join from 07:45 until its end (an ended lesson reads as finished).
const at = (utc: string) => Date.parse(`2026-11-25T${utc}:00.000Z`)

describe('lesson attendance (protocol §4)', () => {
  it('is shown while Join is offered, or once someone came; not for an ended lesson without records', () => {
    const lesson = lessonFixture()
    expect(attendanceShown(lesson, at('06:44'))).toBe(false)
    expect(attendanceShown(lesson, at('06:45'))).toBe(true)
    expect(attendanceShown(lesson, at('07:44'))).toBe(true)
    expect(attendanceShown(lesson, at('07:45'))).toBe(false)
    const early = lessonFixture({
      attendance: [{ role: 'teacher', from: '2026-11-25T06:40:00.000Z', to: null }],
    })
    expect(attendanceShown(early, at('06:40'))).toBe(true)
  })

  it('gives each party its intervals in Poland time, the viewer first, an open end while there', () => {
    const lesson = lessonFixture({
      attendance: [
        { role: 'teacher', from: '2026-11-25T07:10:00.000Z', to: null },
        { role: 'student', from: '2026-11-25T06:58:00.000Z', to: '2026-11-25T07:05:00.000Z' },
        { role: 'teacher', from: '2026-11-25T06:55:00.000Z', to: '2026-11-25T07:02:00.000Z' },
      ],
    })
    expect(attendanceRows(lesson, 'student', at('07:20'))).toEqual([
      { role: 'student', presence: { kind: 'present', intervals: [{ from: '07:58', to: '08:05' }] } },
      {
        role: 'teacher',
        presence: {
          kind: 'present',
          intervals: [
            { from: '07:55', to: '08:02' },
            { from: '08:10', to: null },
          ],
        },
      },
    ])
    expect(attendanceRows(lesson, 'teacher', at('07:20')).map((row) => row.role)).toEqual([
      'teacher',
      'student',
    ])
  })

  it('says a party who never came is not there yet while Join is offered, and absent after the end', () => {
    const lesson = lessonFixture({
      attendance: [{ role: 'teacher', from: '2026-11-25T06:58:00.000Z', to: '2026-11-25T07:45:00.000Z' }],
    })
    expect(attendanceRows(lesson, 'teacher', at('07:30'))[1]).toEqual({
      role: 'student',
      presence: { kind: 'waiting' },
    })
    expect(attendanceRows(lesson, 'teacher', at('07:50'))[1]).toEqual({
      role: 'student',
      presence: { kind: 'absent' },
    })
  })
})
