import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiErrorSchema } from '../../../domain/api/common.ts'
import type { IssueCode } from '../../../domain/validation/issues.ts'
import { englishIssue } from '../../platform/issue-english.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser, signIn, TEST_PASSWORD } from '../../test-support/fixtures.ts'
import { post } from '../../test-support/http.ts'
import { teacherSignUpPayload } from '../../test-support/registration.ts'
import { padded, pngFile } from '../../test-support/sample-files.ts'

// Every rule of product-rules.md "Validation" is enforced by the server too, with the field's code
// (and English text): one valid and one invalid case at each boundary. The test clock's Poland day
// is 2026-03-10.

let t: TestApp
let token: string
beforeAll(async () => {
  t = await buildTestApp()
  token = await teacherToken()
})
afterAll(() => t.close())

async function teacherToken(): Promise<string> {
  const teacher = await createUser(t.database.db, { role: 'teacher' })
  return (await signIn(t.app, teacher.email)).token
}

type Expected = { field: string; code: IssueCode; param?: string } | null
type Case = [rule: string, payload: Record<string, unknown>, expected: Expected]

const x = (n: number, char = 'a') => char.repeat(n)
const details = (o: Record<string, unknown>) => ({
  first_name: 'Anna',
  last_name: 'Nowak',
  phone_number: '+48601234567',
  date_of_birth: '1990-01-01',
  ...o,
})
const address = {
  street: 'ul. Długa',
  buildingNumber: '12',
  zip: '31-147',
  city: 'Kraków',
  country: 'Polska',
}
const PL_IBAN = 'PL61109010140000071219812874'
const DE_IBAN = 'DE89370400440532013000'
const bank = (o: Record<string, unknown>, a: Record<string, unknown> = {}) => ({
  iban: PL_IBAN,
  address: { ...address, ...a },
  ...o,
})
const languages = (o: Record<string, unknown>) => ({
  taught_languages: [{ language_id: 1, level_id: 6 }],
  teaching_languages: [2],
  language_specializations: [{ specialization_id: 7, language_id: 1 }],
  ...o,
})
const bad = (field: string, code: IssueCode, param?: string | number): Expected => ({
  field,
  code,
  ...(param === undefined ? {} : { param: String(param) }),
})

const CASES: Case[] = [
  ['name: letters', details({ first_name: 'Anna-Maria' }), null],
  ['name: required', details({ first_name: '   ' }), bad('first_name', 'required')],
  ['name: letters only', details({ last_name: 'Nowak2' }), bad('last_name', 'name_format')],
  [
    'name: one line (no header forged into an e-mail)',
    details({ last_name: 'Nowak\r\nBcc: all@example.com' }),
    bad('last_name', 'single_line'),
  ],
  ['name: no tab', details({ first_name: 'Anna\tMaria' }), bad('first_name', 'single_line')],
  ['name: 100 characters', details({ last_name: x(100) }), null],
  ['name: 101 characters', details({ last_name: x(101) }), bad('last_name', 'too_long', 100)],
  ['phone: 9 digits', details({ phone_number: '601234567' }), null],
  ['phone: 8 digits', details({ phone_number: '60123456' }), bad('phone_number', 'phone_format')],
  ['phone: spaces removed', details({ phone_number: '+48 601 234 567' }), null],
  ['phone: digits and + only', details({ phone_number: '601-234-567' }), bad('phone_number', 'phone_format')],
  ['phone: required', details({ phone_number: ' ' }), bad('phone_number', 'required')],
  ['phone: 15 digits', details({ phone_number: x(15, '1') }), null],
  ['phone: 16 digits', details({ phone_number: x(16, '1') }), bad('phone_number', 'phone_format')],
  ['birth date: today', details({ date_of_birth: '2026-03-10' }), null],
  ['birth date: tomorrow', details({ date_of_birth: '2026-03-11' }), bad('date_of_birth', 'date_in_future')],
  ['birth date: a leap day', details({ date_of_birth: '2024-02-29' }), null],
  ['birth date: not a day', details({ date_of_birth: '2026-02-29' }), bad('date_of_birth', 'date_format')],
  ['birth date: format', details({ date_of_birth: '10.03.1990' }), bad('date_of_birth', 'date_format')],
  ['birth date: 1900-01-01', details({ date_of_birth: '1900-01-01' }), null],
  ['birth date: before 1900', details({ date_of_birth: '1899-12-31' }), bad('date_of_birth', 'date_too_old')],
  ['details: all four together', { first_name: 'Anna' }, bad('last_name', 'required')],
  ['description: 59 characters', { description: x(59) }, bad('description', 'too_short', 60)],
  ['description: 60 characters', { description: x(60) }, null],
  ['description: 59 after trimming', { description: ` ${x(59)} ` }, bad('description', 'too_short', 60)],
  ['description: 1000 characters', { description: x(1000) }, null],
  ['description: 1001 characters', { description: x(1001) }, bad('description', 'too_long', 1000)],
  ['description: required', { description: '' }, bad('description', 'required')],
  ['about: no rule but a bound', { about: x(2000) }, null],
  ['about: 2001 characters', { about: x(2001) }, bad('about', 'too_long', 2000)],
  ['about: empty', { about: '' }, null],
  ['social links: one', { social_links: ['https://x.pl'] }, null],
  ['social links: at least one', { social_links: [] }, bad('social_links', 'links_required')],
  ['social links: web addresses', { social_links: ['ftp://x.pl'] }, bad('social_links.0', 'url_format')],
  ['social links: ten', { social_links: Array.from({ length: 10 }, (_, i) => `https://x.pl/${i}`) }, null],
  [
    'social links: eleven',
    { social_links: Array.from({ length: 11 }, (_, i) => `https://x.pl/${i}`) },
    bad('social_links', 'too_many', 10),
  ],
  ['locale: pl or en', { locale: 'de' }, bad('locale', 'invalid')],
  ['iban: Polish', bank({}), null],
  ['iban: spaces ignored', bank({ iban: 'PL61 1090 1014 0000 0712 1981 2874' }), null],
  // The IBAN pattern of product-rules.md "Bank details" alone let these through; a real IBAN has
  // its country's length and matching check digits.
  ['iban: header and one character', bank({ iban: 'PL611' }), bad('iban', 'iban_length', 28)],
  ['iban: a typo', bank({ iban: 'PL61 1090 1014 0000 0712 1981 2875' }), bad('iban', 'iban_checksum')],
  ['iban: header only', bank({ iban: 'PL61' }), bad('iban', 'iban_format')],
  ['iban: country letters', bank({ iban: 'P161109010140000071219812874' }), bad('iban', 'iban_format')],
  [
    'iban: 34 after the header',
    bank({ iban: `DE89${x(34, '1')}`, swift: 'COBADEFF' }),
    bad('iban', 'iban_length', 22),
  ],
  ['iban: German', bank({ iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFF' }), null],
  [
    'iban: 35 after the header',
    bank({ iban: `DE89${x(35, '1')}`, swift: 'COBADEFF' }),
    bad('iban', 'iban_format'),
  ],
  ['iban: required', bank({ iban: '' }), bad('iban', 'required')],
  ['swift: not needed for a PL IBAN', bank({ swift: '' }), null],
  ['swift: needed for a foreign IBAN', bank({ iban: DE_IBAN }), bad('swift', 'swift_required')],
  ['swift: 8 characters', bank({ iban: DE_IBAN, swift: 'COBADEFF' }), null],
  ['swift: 11 characters', bank({ iban: DE_IBAN, swift: 'COBADEFFXXX' }), null],
  ['swift: 7 characters', bank({ iban: DE_IBAN, swift: 'COBADEF' }), bad('swift', 'swift_format')],
  ['swift: 10 characters', bank({ iban: DE_IBAN, swift: 'COBADEFFXX' }), bad('swift', 'swift_format')],
  ['swift: checked with a PL IBAN too', bank({ swift: '12345678' }), bad('swift', 'swift_format')],
  ['swift: belongs to an account', { swift: 'COBADEFF' }, bad('iban', 'required')],
  ['street: 30 characters', bank({}, { street: x(30) }), null],
  ['street: 31 characters', bank({}, { street: x(31) }), bad('address.street', 'too_long', 30)],
  ["street: . ' - allowed", bank({}, { street: "Al. O'Neill-Kraków 5" }), null],
  ['street: no slash', bank({}, { street: 'Długa 5/7' }), bad('address.street', 'street_format')],
  ['street: required', bank({}, { street: '' }), bad('address.street', 'required')],
  ['building: 10 characters', bank({}, { buildingNumber: '12345678AB' }), null],
  [
    'building: 11 characters',
    bank({}, { buildingNumber: x(11, '1') }),
    bad('address.buildingNumber', 'too_long', 10),
  ],
  [
    'building: alphanumeric',
    bank({}, { buildingNumber: '12/3' }),
    bad('address.buildingNumber', 'alphanumeric_format'),
  ],
  ['apartment: optional', bank({}, { apartmentNumber: '' }), null],
  ['apartment: 10 characters', bank({}, { apartmentNumber: '4B34567890' }), null],
  [
    'apartment: 11 characters',
    bank({}, { apartmentNumber: x(11, '4') }),
    bad('address.apartmentNumber', 'too_long', 10),
  ],
  [
    'apartment: alphanumeric',
    bank({}, { apartmentNumber: '4-5' }),
    bad('address.apartmentNumber', 'alphanumeric_format'),
  ],
  ['zip: digits, space, hyphen', bank({}, { zip: '31 147-1' }), null],
  ['zip: 30 characters', bank({}, { zip: x(30, '1') }), null],
  ['zip: 31 characters', bank({}, { zip: x(31, '1') }), bad('address.zip', 'too_long', 30)],
  ['zip: no letters', bank({}, { zip: 'AB-123' }), bad('address.zip', 'zip_format')],
  ["city: letters, space, ' and -", bank({}, { city: "Bielsko-Biała d'Or" }), null],
  ['city: no digits', bank({}, { city: 'Warszawa 1' }), bad('address.city', 'place_format')],
  ['city: 31 characters', bank({}, { city: x(31) }), bad('address.city', 'too_long', 30)],
  ['country: 30 characters', bank({}, { country: x(30) }), null],
  ['country: letters', bank({}, { country: 'PL1' }), bad('address.country', 'place_format')],
  ['country: required', bank({}, { country: '' }), bad('address.country', 'required')],
  ['bank: the address comes with the IBAN', { iban: PL_IBAN }, bad('address', 'required')],
  ['languages: a row with a specialization', languages({}), null],
  [
    'languages: every taught language needs a specialization',
    languages({ language_specializations: [] }),
    bad('language_specializations', 'specialization_required'),
  ],
  [
    'languages: no language twice',
    languages({
      taught_languages: [
        { language_id: 1, level_id: 6 },
        { language_id: 1, level_id: 2 },
      ],
    }),
    bad('taught_languages', 'language_duplicate'),
  ],
  [
    'languages: at least one taught',
    languages({ taught_languages: [] }),
    bad('taught_languages', 'language_required'),
  ],
  [
    'languages: at least one taught in',
    languages({ teaching_languages: [] }),
    bad('teaching_languages', 'teaching_language_required'),
  ],
  [
    'languages: at most 30',
    languages({
      taught_languages: Array.from({ length: 31 }, (_, i) => ({ language_id: i + 1, level_id: 1 })),
    }),
    bad('taught_languages', 'too_many', 30),
  ],
  ['languages: all three together', { teaching_languages: [2] }, bad('taught_languages', 'required')],
]

describe('the validation rules on POST /teachers/update', () => {
  it.each(CASES)('%s', async (_rule, payload, expected) => {
    const response = await post(t.app, '/teachers/update', { token, payload })
    if (!expected) {
      expect(response.statusCode, response.body).toBe(200)
      return
    }
    expect(response.statusCode).toBe(400)
    const { field, code, param = '' } = expected
    expect(response.json().errors[0]).toEqual({
      field,
      code,
      message: englishIssue({ code, param }),
      ...(param ? { param } : {}),
    })
  })

  it('words the messages as the spec does', async () => {
    const errors = async (payload: Record<string, unknown>) =>
      (await post(t.app, '/teachers/update', { token, payload })).json().errors
    expect((await errors({ description: '' }))[0].message).toBe('This field is required')
    expect((await errors({ description: x(59) }))[0].message).toBe('At least 60 characters')
    expect((await errors({ description: x(1001) }))[0].message).toBe('At most 1000 characters')
  })
})

describe('the password rules', () => {
  const change = async (payload: Record<string, unknown>) =>
    post(t.app, '/teachers/update', { token: await teacherToken(), payload })
  const passwords = (password: string, passwordConfirmation = password) => ({
    currentPassword: TEST_PASSWORD,
    password,
    passwordConfirmation,
  })

  it('accepts 8 characters', async () => {
    expect((await change(passwords(x(8)))).statusCode).toBe(200)
  })

  it.each<[string, Record<string, unknown>, Expected]>([
    ['7 characters', passwords(x(7)), bad('password', 'too_short', 8)],
    ['a confirmation that differs', passwords(x(8), x(9)), bad('passwordConfirmation', 'password_mismatch')],
    [
      'no current password',
      { password: x(8), passwordConfirmation: x(8) },
      bad('currentPassword', 'required'),
    ],
    [
      'no confirmation',
      { currentPassword: TEST_PASSWORD, password: x(8) },
      bad('passwordConfirmation', 'required'),
    ],
  ])('refuses %s', async (_rule, payload, expected) => {
    const response = await change(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[0]).toMatchObject(expected ?? {})
  })
})

describe('the validation rules of the registration only', () => {
  const signUpErrors = async (payload: Record<string, unknown>) =>
    v.parse(apiErrorSchema, (await post(t.app, '/teachers/sign_up', { payload })).json()).errors ?? []

  it.each<[string, Record<string, unknown>, Expected]>([
    ['an e-mail address', { email: 'anna@example' }, bad('email', 'email')],
    ['an e-mail of 254 characters', { email: `${x(242)}@example.com` }, null],
    ['an e-mail of 255 characters', { email: `${x(243)}@example.com` }, bad('email', 'too_long', 254)],
    ['the user rules', { user_rules_agreed: false }, bad('user_rules_agreed', 'agreement_required')],
    ['the teacher rules', { teacher_rules_agreed: false }, bad('teacher_rules_agreed', 'agreement_required')],
    [
      'matching passwords',
      { password_confirmation: 'other-password' },
      bad('password_confirmation', 'password_mismatch'),
    ],
    [
      'a SWIFT code for a foreign IBAN',
      { bank: bank({ iban: DE_IBAN }) },
      bad('bank.swift', 'swift_required'),
    ],
  ])('%s', async (_rule, overrides, expected) => {
    const errors = await signUpErrors({ ...teacherSignUpPayload(), ...overrides })
    // Sent as JSON, so the files are missing: only the rule's own field matters here.
    const own = errors.filter((e) => e.field !== 'image' && e.field !== 'video')
    expect(own).toEqual(
      expected ? [expect.objectContaining({ field: expected.field, code: expected.code })] : [],
    )
  })
})

describe('uploads: picture up to 5 MB (5 242 880 bytes)', () => {
  const upload = async (size: number) =>
    post(t.app, '/teachers/update', {
      token,
      payload: {},
      files: { image: { bytes: padded(pngFile(), size) } },
    })

  it('accepts 5 242 880 bytes', async () => {
    expect((await upload(5_242_880)).statusCode).toBe(200)
  })

  it('refuses 5 242 881 bytes with 413', async () => {
    const response = await upload(5_242_881)
    expect(response.statusCode).toBe(413)
    expect(response.json().errors).toEqual([
      { field: 'image', message: 'The file may be at most 5 MB', code: 'file_too_large', param: '5' },
    ])
  })
})
