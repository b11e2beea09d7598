import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { teacherSignUpSchema } from '../../../domain/api/registration.ts'
import { issueMessage } from '../../api/issue-messages.ts'
import {
  emptyTeacherForm,
  stepOfPath,
  type TeacherFormValues,
  teacherFormPath,
  teacherPayload,
  teacherStepMessages,
} from './teacher-form.ts'

const today = '2026-11-22'
const filled = (): TeacherFormValues => ({
  ...emptyTeacherForm(),
  first_name: 'anna',
  last_name: 'kowalska-NOWAK',
  phone_number: '+48512345678',
  date_of_birth: '1990-05-01',
  email: ' Anna@Example.com ',
  password: 'Sekretne-haslo1',
  password_confirmation: 'Sekretne-haslo1',
  description: 'Uczę angielskiego od dziesięciu lat, przygotowuję do egzaminów i rozmów o pracę.',
  social_links: [
    { name: 'LinkedIn', link: 'https://www.linkedin.com/in/anna' },
    { name: '', link: '' },
  ],
  language_rows: [{ language_id: 1, level_id: 5, specialization_ids: [2, 3] }],
  teaching_languages: [2],
  iban: 'pl61 1090 1014 0000 0712 1981 2874',
  swift: 'SHOULD-BE-DROPPED',
  address: {
    street: 'Długa',
    buildingNumber: '5',
    apartmentNumber: '',
    zip: '00-001',
    city: 'Warszawa',
    country: 'Polska',
  },
  agreements: {
    user_rules_agreed: true,
    teacher_rules_agreed: true,
    voice_recording_agreed: false,
    commercial_sms_consent: false,
    commercial_email_consent: true,
  },
})

const noFiles = { image: null, video: null }

describe('the teacher registration payload', () => {
  it('is what teacherSignUpSchema accepts, with empties stripped and codes compacted', () => {
    const payload = teacherPayload(filled(), 'pl')
    const parsed = v.safeParse(teacherSignUpSchema(today), payload)
    expect(parsed.success).toBe(true)
    expect(payload.bank).toEqual({
      iban: 'PL61109010140000071219812874',
      address: { street: 'Długa', buildingNumber: '5', zip: '00-001', city: 'Warszawa', country: 'Polska' },
    })
    expect(payload.social_links).toEqual([{ name: 'LinkedIn', link: 'https://www.linkedin.com/in/anna' }])
    expect(payload).not.toHaveProperty('about')
    expect(payload.language_specializations).toEqual([
      { specialization_id: 2, language_id: 1 },
      { specialization_id: 3, language_id: 1 },
    ])
    if (parsed.success) expect(parsed.output.last_name).toBe('Kowalska-Nowak')
  })

  it('keeps SWIFT for a foreign IBAN and requires it there', () => {
    const values = { ...filled(), iban: 'DE89 3704 0044 0532 0130 00', swift: '' }
    expect(Object.keys(teacherStepMessages('billing', values, noFiles))).toEqual(['swift'])
    const withSwift = teacherPayload({ ...values, swift: 'cobadeff xxx' }, 'en')
    expect(withSwift.bank.swift).toBe('COBADEFFXXX')
  })

  it('passes every step of a filled form once the files are chosen', () => {
    const file = new File(['x'], 'x')
    for (const step of ['details', 'picture', 'video', 'skills', 'billing', 'agreements'] as const)
      expect(teacherStepMessages(step, filled(), { image: file, video: file }, today)).toEqual({})
  })

  it('says a name or a link name must be on one line', () => {
    const values = {
      ...filled(),
      last_name: 'Nowak\nBcc: all@example.com',
      social_links: [{ name: 'Blog\tx', link: 'https://blog.example.com' }],
    }
    expect(teacherStepMessages('details', values, noFiles, today)).toEqual({
      last_name: issueMessage('single_line'),
    })
    expect(teacherStepMessages('skills', values, noFiles, today)).toMatchObject({
      'social_links.0.name': issueMessage('single_line'),
    })
  })

  it('asks for both files', () => {
    expect(Object.keys(teacherStepMessages('picture', filled(), noFiles))).toEqual(['image'])
    expect(Object.keys(teacherStepMessages('video', filled(), noFiles))).toEqual(['video'])
  })

  it('flags a language picked twice and a row without specializations', () => {
    const values = {
      ...filled(),
      language_rows: [
        { language_id: 1, level_id: 5, specialization_ids: [2] },
        { language_id: 1, level_id: 4, specialization_ids: [] },
        { language_id: 3, level_id: 4, specialization_ids: [] },
      ],
    }
    expect(Object.keys(teacherStepMessages('skills', values, noFiles))).toEqual([
      'language_rows.1.language_id',
      'language_rows.2.specialization_ids',
    ])
  })
})

describe("the server's field errors find their field and step", () => {
  it.each([
    ['bank.iban', 'iban', 'billing'],
    ['bank.address.zip', 'address.zip', 'billing'],
    ['teacher_rules_agreed', 'agreements.teacher_rules_agreed', 'agreements'],
    ['taught_languages.0.level_id', 'language_rows', 'skills'],
    ['language_specializations', 'language_rows', 'skills'],
    ['teaching_languages', 'teaching_languages', 'skills'],
    ['social_links.1.link', 'social_links.1.link', 'skills'],
    ['email', 'email', 'details'],
    ['image', 'image', 'picture'],
    ['video', 'video', 'video'],
  ])('%s → %s on step %s', (field, path, step) => {
    expect(teacherFormPath(field)).toBe(path)
    expect(stepOfPath(teacherFormPath(field))).toBe(step)
  })
})
