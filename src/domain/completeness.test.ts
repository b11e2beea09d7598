import { describe, expect, it } from 'vitest'
import type { Profile } from './api/profile.ts'
import { agreementsFilled, bankDataFilled, personalDataFilled, skillDataFilled } from './completeness.ts'

type Checked = Parameters<typeof personalDataFilled>[0]

const address = { street: 'Długa', buildingNumber: '1', zip: '00-001', city: 'Warszawa', country: 'Polska' }

const teacher: Checked = {
  role: 'teacher',
  email: 'anna@example.com',
  first_name: 'Anna',
  last_name: 'Nowak',
  phone_number: '601234567',
  date_of_birth: '1990-01-01',
  iban: 'PL61109010140000071219812874',
  swift: null,
  address,
  description: 'Opis',
  teaching_languages: [2],
  taught_languages: [{ language_id: 1, level_id: 6 }],
  user_rules_agreed: true,
  teacher_rules_agreed: true,
  voice_recording_agreed: false,
  commercial_sms_consent: false,
  commercial_email_consent: false,
} satisfies Partial<Profile>

describe('personal data filled', () => {
  it('needs names, a phone over 5 characters, a birth date and, for a teacher, an e-mail', () => {
    expect(personalDataFilled(teacher)).toBe(true)
    expect(personalDataFilled({ ...teacher, first_name: ' ' })).toBe(false)
    expect(personalDataFilled({ ...teacher, last_name: null })).toBe(false)
    expect(personalDataFilled({ ...teacher, phone_number: '12345' })).toBe(false)
    expect(personalDataFilled({ ...teacher, phone_number: '123456' })).toBe(true)
    expect(personalDataFilled({ ...teacher, date_of_birth: null })).toBe(false)
    expect(personalDataFilled({ ...teacher, email: '' })).toBe(false)
    expect(personalDataFilled({ ...teacher, role: 'student', email: '' })).toBe(true)
  })
})

describe('bank data filled', () => {
  it('needs the IBAN and the address, and SWIFT unless the IBAN is Polish', () => {
    expect(bankDataFilled(teacher)).toBe(true)
    expect(bankDataFilled({ ...teacher, iban: null })).toBe(false)
    expect(bankDataFilled({ ...teacher, address: null })).toBe(false)
    expect(bankDataFilled({ ...teacher, address: { ...address, city: '' } })).toBe(false)
    expect(bankDataFilled({ ...teacher, iban: 'DE89370400440532013000' })).toBe(false)
    expect(bankDataFilled({ ...teacher, iban: 'DE89370400440532013000', swift: 'COBADEFF' })).toBe(true)
  })
})

describe('skill data filled', () => {
  it('needs a description, a teaching language and complete taught languages', () => {
    expect(skillDataFilled(teacher)).toBe(true)
    expect(skillDataFilled({ ...teacher, description: null })).toBe(false)
    expect(skillDataFilled({ ...teacher, teaching_languages: [] })).toBe(false)
    expect(skillDataFilled({ ...teacher, taught_languages: [] })).toBe(false)
    expect(skillDataFilled({ ...teacher, taught_languages: [{ language_id: 1, level_id: 0 }] })).toBe(false)
  })
})

describe('agreements filled', () => {
  it('checks the role’s required agreements only', () => {
    expect(agreementsFilled(teacher)).toBe(true)
    expect(agreementsFilled({ ...teacher, teacher_rules_agreed: false })).toBe(false)
    expect(agreementsFilled({ ...teacher, role: 'student' })).toBe(false)
    expect(agreementsFilled({ ...teacher, role: 'student', voice_recording_agreed: true })).toBe(true)
  })
})
