import type { TeacherSignUpInput } from '../../domain/api/registration.ts'
import { uniqueEmail } from './fixtures.ts'

// A complete, valid teacher registration (product-rules.md "Screens and routes": details, teaching
// skills, billing, agreements). Dictionary ids are those of a freshly seeded test database: English
// 1, Polish 2, Spanish 3; levels A1–C2 are 1–6; specialization 3 is business, 7 general.

export const TEACHER_PASSWORD = 'Teacher-secret-1'

export const VALID_DESCRIPTION =
  'Uczę angielskiego od dziesięciu lat: przygotowuję do egzaminów i rozmów o pracę, dużo mówimy.'

export function teacherSignUpPayload(overrides: Partial<TeacherSignUpInput> = {}): TeacherSignUpInput {
  return {
    first_name: 'anna',
    last_name: 'kowalska-NOWAK',
    phone_number: '+48 601 234 567',
    date_of_birth: '1990-05-17',
    email: uniqueEmail('teacher'),
    password: TEACHER_PASSWORD,
    password_confirmation: TEACHER_PASSWORD,
    description: VALID_DESCRIPTION,
    about: 'Mieszkam w Krakowie.',
    social_links: [{ name: 'LinkedIn', link: 'https://www.linkedin.com/in/anna-demo' }],
    taught_languages: [{ language_id: 1, level_id: 6 }],
    teaching_languages: [2],
    language_specializations: [
      { specialization_id: 3, language_id: 1 },
      { specialization_id: 7, language_id: 1 },
    ],
    bank: {
      iban: 'pl61 1090 1014 0000 0712 1981 2874',
      swift: '',
      address: {
        street: 'ul. Długa',
        buildingNumber: '12',
        apartmentNumber: '4',
        zip: '31-147',
        city: 'Kraków',
        country: 'Polska',
      },
    },
    user_rules_agreed: true,
    teacher_rules_agreed: true,
    commercial_sms_consent: false,
    commercial_email_consent: true,
    locale: 'pl',
    ...overrides,
  }
}
