import { describe, expect, it } from 'vitest'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { completenessGaps } from './completeness.ts'

describe('completeness notes on the profile', () => {
  it('finds nothing missing in complete profiles', () => {
    expect(completenessGaps(studentProfile())).toEqual([])
    expect(completenessGaps(teacherProfile())).toEqual([])
  })

  it('asks a teacher for bank data, never a student', () => {
    expect(completenessGaps(teacherProfile({ iban: null }))).toEqual(['bank_data'])
    expect(completenessGaps(studentProfile({ iban: null, address: null }))).toEqual([])
  })

  it('needs a SWIFT code only for a foreign IBAN', () => {
    expect(completenessGaps(teacherProfile({ iban: 'DE89370400440532013000' }))).toEqual(['bank_data'])
    expect(
      completenessGaps(teacherProfile({ iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' })),
    ).toEqual([])
  })

  it('asks a teacher for description and languages (skill data)', () => {
    expect(completenessGaps(teacherProfile({ teaching_languages: [] }))).toEqual(['skill_data'])
  })

  it('asks for personal data with a phone of more than 5 characters', () => {
    expect(completenessGaps(studentProfile({ phone_number: '12345' }))).toEqual(['personal_data'])
    expect(completenessGaps(studentProfile({ date_of_birth: null }))).toEqual(['personal_data'])
  })

  it("requires the role's agreements only", () => {
    expect(completenessGaps(teacherProfile({ voice_recording_agreed: false }))).toEqual([])
    expect(completenessGaps(studentProfile({ voice_recording_agreed: false }))).toEqual(['agreements'])
  })
})
