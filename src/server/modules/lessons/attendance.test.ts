import { describe, expect, it } from 'vitest'
import { mergeAttendance } from './attendance.ts'

const at = (time: string) => `2026-03-10T${time}:00.000Z`

describe('mergeAttendance (protocol §4)', () => {
  it("joins a role's intervals less than a minute apart or overlapping, keeping the roles apart", () => {
    expect(
      mergeAttendance([
        { role: 'student', from: at('09:00'), to: at('09:10') },
        { role: 'teacher', from: at('09:01'), to: null },
        { role: 'student', from: at('09:10'), to: at('09:20') },
        { role: 'student', from: at('09:15'), to: at('09:18') },
        { role: 'student', from: at('09:30'), to: at('09:40') },
      ]),
    ).toEqual([
      { role: 'student', from: at('09:00'), to: at('09:20') },
      { role: 'teacher', from: at('09:01'), to: null },
      { role: 'student', from: at('09:30'), to: at('09:40') },
    ])
  })

  it('keeps an interval open while any socket of it is open', () => {
    expect(
      mergeAttendance([
        { role: 'teacher', from: at('09:00'), to: null },
        { role: 'teacher', from: at('09:05'), to: at('09:06') },
      ]),
    ).toEqual([{ role: 'teacher', from: at('09:00'), to: null }])
    expect(mergeAttendance([])).toEqual([])
  })
})
