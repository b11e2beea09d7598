import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { resolveRedirect } from '../../config/guard.ts'
import { paths } from '../../config/paths.ts'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import {
  missingRequirements,
  parseRedirectTarget,
  REDIRECT_TARGETS,
  redirectDestination,
} from './redirect-requirements.ts'

describe('the profile redirect parameter', () => {
  it('reads only the three screens that send users here', () => {
    expect(parseRedirectTarget('?redirect=set-lessons')).toBe('set-lessons')
    expect(parseRedirectTarget('?redirect=my-lessons')).toBe('my-lessons')
    expect(parseRedirectTarget('?redirect=ai-lesson')).toBe('ai-lesson')
    expect(parseRedirectTarget('?redirect=https://evil.example')).toBeNull()
    expect(parseRedirectTarget('')).toBeNull()
  })

  it('keeps a student without human access here, explaining that the school grants it', () => {
    const profile = studentProfile({ human_access: false })
    expect(missingRequirements('set-lessons', profile)).toEqual(['human_access'])
    expect(redirectDestination('set-lessons', profile)).toBeNull()
  })

  it('returns the student to set-lessons once access is granted (profile refetched)', () => {
    expect(redirectDestination('set-lessons', studentProfile({ human_access: true }))).toBe(paths.setLessons)
  })

  it('also asks for the personal data before going back', () => {
    const profile = studentProfile({ phone_number: '12345' })
    expect(missingRequirements('my-lessons', profile)).toEqual(['personal_data'])
    expect(redirectDestination('my-lessons', { ...profile, phone_number: '+48513444555' })).toBe(
      paths.myLessons,
    )
  })

  it('needs AI access for ai-lesson, and not human access', () => {
    const profile = studentProfile({ ai_access: false, human_access: false })
    expect(missingRequirements('ai-lesson', profile)).toEqual(['ai_access'])
    expect(redirectDestination('ai-lesson', { ...profile, ai_access: true })).toBe(paths.aiLesson)
  })

  it('lets a teacher into my-lessons without human access, but with skill data', () => {
    expect(missingRequirements('my-lessons', teacherProfile({ human_access: false }))).toEqual([])
    expect(missingRequirements('my-lessons', teacherProfile({ description: null }))).toEqual(['skill_data'])
  })

  it('does nothing without a redirect parameter', () => {
    expect(redirectDestination(null, studentProfile())).toBeNull()
  })

  it('never sends the user to a screen whose guard would bounce them back here', () => {
    const profileArb = fc.record({
      role: fc.constantFrom('student' as const, 'teacher' as const),
      human_access: fc.boolean(),
      ai_access: fc.boolean(),
      phone_number: fc.constantFrom(null, '123', '+48513444555'),
      description: fc.constantFrom(null, 'Opis lektora'),
    })
    fc.assert(
      fc.property(fc.constantFrom(...REDIRECT_TARGETS), profileArb, (target, fields) => {
        const profile = (fields.role === 'teacher' ? teacherProfile : studentProfile)(fields)
        const destination = redirectDestination(target, profile)
        if (destination === null) return
        const session = { role: profile.role, registrationCompleted: true, groupLessons: false }
        const next = resolveRedirect({
          path: destination,
          fromPath: null,
          session,
          profile,
          partnerName: 'P',
        })
        expect(next === null || !next.startsWith(paths.profile)).toBe(true)
      }),
    )
  })
})
