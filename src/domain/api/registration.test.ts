import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { decodeIssue, isIssueCode } from '../validation/issues.ts'
import { studentSignUpSchema, type TeacherSignUpInput, teacherSignUpSchema } from './registration.ts'

const TODAY = '2026-03-10'

const teacher: TeacherSignUpInput = {
  first_name: 'anna',
  last_name: 'NOWAK',
  phone_number: '+48 601 234 567',
  date_of_birth: '1990-05-17',
  email: ' Anna.Nowak@Example.com ',
  password: 'secret-pass',
  password_confirmation: 'secret-pass',
  description: 'Uczę angielskiego od dziesięciu lat, przygotowuję do egzaminów i rozmów o pracę.',
  social_links: [{ name: 'LinkedIn', link: 'https://linkedin.com/in/anna' }],
  taught_languages: [{ language_id: 1, level_id: 6 }],
  teaching_languages: [2],
  language_specializations: [{ specialization_id: 7, language_id: 1 }],
  bank: {
    iban: 'pl61 1090 1014 0000 0712 1981 2874',
    address: { street: 'Długa', buildingNumber: '1', zip: '00-001', city: 'Warszawa', country: 'Polska' },
  },
  user_rules_agreed: true,
  teacher_rules_agreed: true,
}

const student = {
  first_name: 'julia',
  last_name: 'jankowska',
  phone_number: '513 444 555',
  date_of_birth: '2001-01-23',
  password: 'secret-pass',
  password_confirmation: 'secret-pass',
  user_rules_agreed: true,
  voice_recording_agreed: true,
}

/** `path: code` of every problem. */
function problems(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input)
  if (result.success) return []
  return result.issues.map(
    (i) =>
      `${i.path?.map((p) => String(p.key)).join('.') ?? ''}: ${decodeIssue(i.message, isIssueCode).code}`,
  )
}

describe('teacherSignUpSchema (six steps, the registration payload)', () => {
  it('normalises what it accepts: names, phone, e-mail, IBAN, defaults', () => {
    const output = v.parse(teacherSignUpSchema(TODAY), teacher)
    expect(output).toMatchObject({
      first_name: 'Anna',
      last_name: 'Nowak',
      phone_number: '+48601234567',
      email: 'anna.nowak@example.com',
      about: '',
      bank: { iban: 'PL61109010140000071219812874', swift: '' },
      commercial_sms_consent: false,
      commercial_email_consent: false,
      locale: 'pl',
    })
  })

  it.each([
    ['the user rules', { user_rules_agreed: false }, 'user_rules_agreed: agreement_required'],
    ['the teacher rules', { teacher_rules_agreed: false }, 'teacher_rules_agreed: agreement_required'],
    [
      'matching passwords',
      { password_confirmation: 'other-pass' },
      'password_confirmation: password_mismatch',
    ],
    [
      'a password of 8 characters',
      { password: 'short', password_confirmation: 'short' },
      'password: too_short',
    ],
    ['an e-mail', { email: 'anna@' }, 'email: email'],
    [
      'a SWIFT code for a foreign IBAN',
      { bank: { ...teacher.bank, iban: 'DE89370400440532013000' } },
      'bank.swift: swift_required',
    ],
    [
      'a specialization for each language',
      { language_specializations: [] },
      'language_specializations: specialization_required',
    ],
    ['a description of 60 characters', { description: 'krótko' }, 'description: too_short'],
    ['a birth date not in the future', { date_of_birth: '2026-03-11' }, 'date_of_birth: date_in_future'],
    [
      'social links as name and link',
      { social_links: [{ name: '', link: 'https://x.pl' }] },
      'social_links.0.name: required',
    ],
  ])('requires %s', (_rule, changes, expected) => {
    expect(problems(teacherSignUpSchema(TODAY), { ...teacher, ...changes })).toEqual([expected])
  })

  it('does not ask a teacher for the student-only agreement', () => {
    expect(problems(teacherSignUpSchema(TODAY), { ...teacher, voice_recording_agreed: false })).toEqual([])
  })
})

describe('studentSignUpSchema (three steps)', () => {
  it('accepts the details with a password and the agreements', () => {
    expect(v.parse(studentSignUpSchema(TODAY), student)).toMatchObject({
      first_name: 'Julia',
      last_name: 'Jankowska',
      phone_number: '513444555',
      commercial_sms_consent: false,
      locale: 'pl',
    })
  })

  it.each([
    [{ voice_recording_agreed: false }, 'voice_recording_agreed: agreement_required'],
    [{ user_rules_agreed: false }, 'user_rules_agreed: agreement_required'],
    [{ password_confirmation: 'nope-nope' }, 'password_confirmation: password_mismatch'],
    [{ phone_number: '12345678' }, 'phone_number: phone_format'],
  ])('refuses %j', (changes, expected) => {
    expect(problems(studentSignUpSchema(TODAY), { ...student, ...changes })).toEqual([expected])
  })

  it('does not ask a student for the teacher rules, and ignores an e-mail', () => {
    expect(problems(studentSignUpSchema(TODAY), { ...student, teacher_rules_agreed: false })).toEqual([])
    expect(v.parse(studentSignUpSchema(TODAY), { ...student, email: 'x@y.pl' })).not.toHaveProperty('email')
  })
})
