import { describe, expect, it } from 'vitest'
import { AGREEMENTS, agreementsFor, requiredAgreementsFilled } from './agreements.ts'

describe('agreements', () => {
  it('lists the agreements of each role', () => {
    expect(agreementsFor('teacher').map((a) => a.key)).toEqual([
      'user_rules_agreed',
      'teacher_rules_agreed',
      'commercial_sms_consent',
      'commercial_email_consent',
    ])
    expect(agreementsFor('student').map((a) => a.key)).toEqual([
      'user_rules_agreed',
      'voice_recording_agreed',
      'commercial_sms_consent',
      'commercial_email_consent',
    ])
    expect(AGREEMENTS.filter((a) => a.required).map((a) => a.key)).toEqual([
      'user_rules_agreed',
      'teacher_rules_agreed',
      'voice_recording_agreed',
    ])
  })

  it('requires the role’s own required agreements only', () => {
    expect(requiredAgreementsFilled('teacher', { user_rules_agreed: true, teacher_rules_agreed: true })).toBe(
      true,
    )
    expect(requiredAgreementsFilled('teacher', { user_rules_agreed: true })).toBe(false)
    expect(
      requiredAgreementsFilled('student', { user_rules_agreed: true, voice_recording_agreed: true }),
    ).toBe(true)
    expect(requiredAgreementsFilled('student', { user_rules_agreed: true, teacher_rules_agreed: true })).toBe(
      false,
    )
    expect(
      requiredAgreementsFilled('student', { user_rules_agreed: true, voice_recording_agreed: false }),
    ).toBe(false)
    // The consents are optional.
    expect(
      requiredAgreementsFilled('teacher', {
        user_rules_agreed: true,
        teacher_rules_agreed: true,
        commercial_sms_consent: false,
      }),
    ).toBe(true)
  })
})
