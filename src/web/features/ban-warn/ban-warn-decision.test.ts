import { describe, expect, it } from 'vitest'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { banWarnDecision, warningSeenValue } from './ban-warn-decision.ts'

const now = Date.UTC(2026, 6, 10, 12)
const warned = studentProfile({ warned_at: '2026-07-07T10:00:00.000Z' })

describe('BanWarn decisions', () => {
  it('warns a warned student at start', () => {
    expect(banWarnDecision(warned, now, false)).toBe('warn')
  })

  it('warns once: not again after it was seen in this sign-in', () => {
    expect(banWarnDecision(warned, now, true)).toBeNull()
  })

  it('shows the ban while it lasts, even after the warning was seen', () => {
    const banned = { ...warned, banned_until: '2026-07-20T22:00:00.000Z' }
    expect(banWarnDecision(banned, now, true)).toBe('ban')
  })

  it('ignores a ban that has ended', () => {
    const served = { ...warned, banned_until: '2026-07-01T22:00:00.000Z' }
    expect(banWarnDecision(served, now, true)).toBeNull()
    expect(banWarnDecision(served, now, false)).toBe('warn')
  })

  it('shows nothing to a student in good standing', () => {
    expect(banWarnDecision(studentProfile(), now, false)).toBeNull()
  })

  it('never shows the student alert to a teacher', () => {
    const teacher = teacherProfile({ warned_at: warned.warned_at, banned_until: '2026-07-20T22:00:00.000Z' })
    expect(banWarnDecision(teacher, now, false)).toBeNull()
  })

  it('counts a new sign-in or a new warning as not yet seen', () => {
    const first = warningSeenValue(warned, '2026-07-17T10:00:00.000Z')
    expect(warningSeenValue(warned, '2026-07-18T09:00:00.000Z')).not.toBe(first)
    expect(
      warningSeenValue({ ...warned, warned_at: '2026-07-09T10:00:00.000Z' }, '2026-07-17T10:00:00.000Z'),
    ).not.toBe(first)
  })
})
