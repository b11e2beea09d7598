import { describe, expect, it } from 'vitest'
import { isEarlyLesson, isQuiet, quietHoursEnd } from './quiet-hours.ts'

const at = (iso: string) => new Date(iso)

describe('quiet hours, 21:00–08:00 Poland time', () => {
  it('are quiet from 21:00 to 07:59 in winter and in summer time', () => {
    expect(isQuiet(at('2026-12-08T19:59:00Z'))).toBe(false) // 20:59 CET
    expect(isQuiet(at('2026-12-08T20:00:00Z'))).toBe(true) // 21:00 CET
    expect(isQuiet(at('2026-12-09T06:59:00Z'))).toBe(true) // 07:59 CET
    expect(isQuiet(at('2026-12-09T07:00:00Z'))).toBe(false) // 08:00 CET
    expect(isQuiet(at('2026-07-08T18:59:00Z'))).toBe(false) // 20:59 CEST
    expect(isQuiet(at('2026-07-08T19:00:00Z'))).toBe(true) // 21:00 CEST
    expect(isQuiet(at('2026-07-09T06:00:00Z'))).toBe(false) // 08:00 CEST
  })

  it('end at 08:00 of the day the clocks change, whichever way', () => {
    // Summer time starts on Sunday 29 March 2026: 08:00 CEST is 06:00 UTC.
    expect(quietHoursEnd(at('2026-03-28T21:00:00Z')).toISOString()).toBe('2026-03-29T06:00:00.000Z')
    expect(quietHoursEnd(at('2026-03-29T01:30:00Z')).toISOString()).toBe('2026-03-29T06:00:00.000Z')
    // It ends on Sunday 25 October 2026: 08:00 CET is 07:00 UTC.
    expect(quietHoursEnd(at('2026-10-24T20:00:00Z')).toISOString()).toBe('2026-10-25T07:00:00.000Z')
    expect(quietHoursEnd(at('2026-10-25T06:30:00Z')).toISOString()).toBe('2026-10-25T07:00:00.000Z')
  })

  it('spare a lesson that starts before 09:00', () => {
    expect(isEarlyLesson(at('2026-12-09T07:59:00Z'))).toBe(true) // 08:59 CET
    expect(isEarlyLesson(at('2026-12-09T08:00:00Z'))).toBe(false) // 09:00 CET
    expect(isEarlyLesson(at('2026-07-09T06:30:00Z'))).toBe(true) // 08:30 CEST
  })
})
