import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { decodeIssue, isIssueCode } from '../validation/issues.ts'
import { studentUpdateSchema, teacherUpdateSchema, UPDATE_GROUPS } from './profile-update.ts'

const TODAY = '2026-03-10'
const student = studentUpdateSchema(TODAY)
const teacher = teacherUpdateSchema(TODAY)

/** `path: code` of every problem. */
function problems(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input)
  if (result.success) return []
  return result.issues.map(
    (i) =>
      `${i.path?.map((p) => String(p.key)).join('.') ?? ''}: ${decodeIssue(i.message, isIssueCode).code}`,
  )
}

const address = { street: 'Długa', buildingNumber: '1', zip: '00-001', city: 'Warszawa', country: 'Polska' }
const details = {
  first_name: 'anna',
  last_name: 'nowak',
  phone_number: '601 234 567',
  date_of_birth: '1990-01-01',
}
const passwords = {
  currentPassword: 'old-password',
  password: 'new-password',
  passwordConfirmation: 'new-password',
}
const languages = {
  taught_languages: [{ language_id: 1, level_id: 6 }],
  teaching_languages: [2],
  language_specializations: [{ specialization_id: 7, language_id: 1 }],
}

describe('update groups', () => {
  it('accepts each update payload for its role', () => {
    const shared = [
      details,
      passwords,
      { about: 'O mnie' },
      { social_links: ['https://x.pl'] },
      { locale: 'en' },
    ]
    for (const payload of shared) {
      expect(problems(student, payload)).toEqual([])
      expect(problems(teacher, payload)).toEqual([])
    }
    expect(problems(student, { about: 'x', onboarding_completed_at: '2026-03-10T10:00:00.000Z' })).toEqual([])
    expect(problems(student, { language_ids: [1, 2] })).toEqual([])
    expect(problems(teacher, { description: 'x'.repeat(60) })).toEqual([])
    expect(problems(teacher, { not_accepting_new_students: true })).toEqual([])
    expect(problems(teacher, { iban: 'PL61109010140000071219812874', address })).toEqual([])
    expect(problems(teacher, languages)).toEqual([])
    expect(problems(student, { sms_notifications_enabled: true, commercial_email_consent: false })).toEqual(
      [],
    )
  })

  it('normalises like the registration does', () => {
    expect(v.parse(teacher, details)).toEqual({
      ...details,
      first_name: 'Anna',
      last_name: 'Nowak',
      phone_number: '601234567',
    })
    expect(v.parse(student, { language_ids: [3, 3, 1] })).toEqual({ language_ids: [3, 1] })
  })

  it('takes a group all or nothing', () => {
    expect(problems(teacher, { first_name: 'Anna' })).toEqual([
      'last_name: required',
      'phone_number: required',
      'date_of_birth: required',
    ])
    expect(problems(teacher, { password: 'new-password' })).toEqual([
      'currentPassword: required',
      'passwordConfirmation: required',
      'passwordConfirmation: password_mismatch',
    ])
    expect(problems(teacher, { iban: 'PL61109010140000071219812874' })).toEqual(['address: required'])
    expect(problems(teacher, { teaching_languages: [2] })).toEqual([
      'taught_languages: required',
      'language_specializations: required',
    ])
    // A SWIFT code belongs to an account: alone it brings in the bank group.
    expect(problems(teacher, { swift: 'COBADEFF' })).toEqual(['iban: required', 'address: required'])
    expect(Object.keys(UPDATE_GROUPS)).toEqual(['details', 'password', 'bank', 'languages'])
  })

  it('checks the cross-field rules of the groups that came', () => {
    expect(problems(teacher, { ...passwords, passwordConfirmation: 'other-password' })).toEqual([
      'passwordConfirmation: password_mismatch',
    ])
    expect(problems(teacher, { iban: 'DE89370400440532013000', address })).toEqual(['swift: swift_required'])
    expect(problems(teacher, { iban: 'DE89370400440532013000', swift: 'COBADEFF', address })).toEqual([])
    expect(problems(teacher, { ...languages, language_specializations: [] })).toEqual([
      'language_specializations: specialization_required',
    ])
  })

  it('refuses an empty update', () => {
    expect(problems(student, {})).toEqual([': required'])
    expect(problems(teacher, {})).toEqual([': required'])
  })

  it('refuses the other role’s keys by name (strict object)', () => {
    expect(problems(student, { description: 'x'.repeat(60) })).toEqual(['description: invalid'])
    expect(problems(student, { not_accepting_new_students: true })).toEqual([
      'not_accepting_new_students: invalid',
    ])
    expect(problems(student, { iban: 'PL61109010140000071219812874', address })).toEqual(['iban: invalid'])
    expect(problems(teacher, { language_ids: [1] })).toEqual(['language_ids: invalid'])
    expect(problems(teacher, { onboarding_completed_at: '2026-03-10T10:00:00.000Z' })).toEqual([
      'onboarding_completed_at: invalid',
    ])
    expect(problems(teacher, { role: 'student' })).toEqual(['role: invalid'])
  })

  it('validates each field with its rule', () => {
    expect(problems(teacher, { description: 'x'.repeat(59) })).toEqual(['description: too_short'])
    expect(problems(teacher, { social_links: [] })).toEqual(['social_links: links_required'])
    expect(problems(teacher, { locale: 'de' })).toEqual(['locale: invalid'])
    expect(problems(student, { onboarding_completed_at: 'yesterday' })).toEqual([
      'onboarding_completed_at: invalid',
    ])
    expect(problems(student, { language_ids: [0] })).toEqual(['language_ids.0: invalid'])
  })
})
