import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { companyNameSchema } from '../api/admin-students.ts'
import { pronunciationTargetSchema, wordInputSchema } from '../api/ai-lesson.ts'
import { registrationSocialLinkSchema } from '../api/registration.ts'
import { decodeIssue, isIssueCode } from './issues.ts'
import {
  aboutSchema,
  addressSchema,
  bankDetailsSchema,
  capitalizeName,
  dateOfBirthSchema,
  descriptionSchema,
  ibanSchema,
  idListItem,
  isCalendarDate,
  MAX_ID,
  nameSchema,
  normalizeAccountCode,
  normalizePhone,
  phoneSchema,
  requiredText,
  socialLinksSchema,
  swiftRequired,
  swiftSchema,
  urlSchema,
} from './rules.ts'

/** The first problem as `code` or `code:param` with its path, or the output when valid. */
function judge(schema: v.GenericSchema, input: unknown): { ok?: unknown; issue?: string; path?: string } {
  const result = v.safeParse(schema, input)
  if (result.success) return { ok: result.output }
  const [first] = result.issues
  const { code, param } = decodeIssue(first?.message ?? '', isIssueCode)
  const path = first?.path?.map((p) => String(p.key)).join('.')
  return { issue: param ? `${code}:${param}` : code, ...(path ? { path } : {}) }
}

const x = (n: number, char = 'a') => char.repeat(n)

describe('requiredText', () => {
  it.each([
    ['abc', { ok: 'abc' }],
    ['  abc  ', { ok: 'abc' }],
    ['   ', { issue: 'required' }],
    [x(5), { ok: x(5) }],
    [x(6), { issue: 'too_long:5' }],
    [42, { issue: 'required' }],
  ])('%j', (input, expected) => {
    expect(judge(requiredText(5), input)).toEqual(expected)
  })
})

describe('names (first letter capitalised, the rest lower-cased)', () => {
  it.each([
    ['anna', 'Anna'],
    ['ANNA', 'Anna'],
    ['kowalska-NOWAK', 'Kowalska-Nowak'],
    ['  łukasz  ', 'Łukasz'],
    ['anna maria', 'Anna Maria'],
    ["o'neil", "O'neil"],
  ])('%s → %s', (input, expected) => {
    expect(capitalizeName(input)).toBe(expected)
    expect(judge(nameSchema, input)).toEqual({ ok: expected })
  })

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['Anna1', 'name_format'],
    ['-Anna', 'name_format'],
    ['Anna!', 'name_format'],
    [x(101), 'too_long:100'],
  ])('refuses %j with %s', (input, expected) => {
    expect(judge(nameSchema, input)).toEqual({ issue: expected })
  })

  it('accepts 100 letters', () => {
    expect(judge(nameSchema, x(100))).toEqual({ ok: `A${x(99)}` })
  })

  it.each([
    ['a line feed', 'Kowalska\nBcc: x@example.com'],
    ['a carriage return', 'Kowalska\r'],
    ['a tab', 'Anna\tMaria'],
    ['an escape', 'Anna\u001b[31m'],
    ['a next-line control (C1)', 'Anna\u0085Maria'],
    ['a line separator', 'Anna\u2028Maria'],
    ['a delete', 'Anna\u007f'],
  ])('refuses %s as single_line, not as a name format', (_, input) => {
    expect(judge(nameSchema, input)).toEqual({ issue: 'single_line' })
  })
})

describe('single-line fields', () => {
  it.each([
    [
      'a registration link name',
      registrationSocialLinkSchema,
      { name: 'Blog\nx', link: 'https://a.pl' },
      'name',
    ],
    ['a word', wordInputSchema, { term: 'dog\tpies' }, 'term'],
    ['a translation', wordInputSchema, { term: 'dog', translation: 'pies\r\n' }, 'translation'],
    ['an example', wordInputSchema, { term: 'dog', example: 'a\u2029b' }, 'example'],
    ['a pronunciation target', pronunciationTargetSchema, 'good\nmorning', undefined],
    ['a company name', companyNameSchema, 'ACME\nLtd', undefined],
  ])('%s refuses line breaks and tabs', (_, schema, input, path) => {
    expect(judge(schema, input)).toEqual({ issue: 'single_line', ...(path ? { path } : {}) })
  })

  it('keeps a long text that may span lines as it was (a chat message)', () => {
    expect(judge(requiredText(50), 'one\ntwo')).toEqual({ ok: 'one\ntwo' })
  })
})

describe('phone (at least 9 digits and +, spaces removed)', () => {
  it.each([
    ['601234567', '601234567'],
    ['+48 601 234 567', '+48601234567'],
    [' 601\t234 567 ', '601234567'],
    [x(15, '1'), x(15, '1')],
  ])('accepts %j as %j', (input, expected) => {
    expect(judge(phoneSchema, input)).toEqual({ ok: expected })
    expect(normalizePhone(input)).toBe(expected)
  })

  it.each([
    ['60123456', 'phone_format'],
    ['+60123456', 'phone_format'],
    ['601-234-567', 'phone_format'],
    ['60123456a', 'phone_format'],
    ['48+601234567', 'phone_format'],
    [x(16, '1'), 'phone_format'],
    ['', 'required'],
    ['   ', 'required'],
  ])('refuses %j with %s', (input, expected) => {
    expect(judge(phoneSchema, input)).toEqual({ issue: expected })
  })
})

describe('date of birth (required, not in the future)', () => {
  const schema = dateOfBirthSchema('2026-03-10')

  it.each(['2026-03-10', '1990-01-01', '2024-02-29', '1900-01-01'])('accepts %s', (day) => {
    expect(judge(schema, day)).toEqual({ ok: day })
  })

  it.each([
    ['2026-03-11', 'date_in_future'],
    ['2027-01-01', 'date_in_future'],
    ['1899-12-31', 'date_too_old'],
    ['2026-02-29', 'date_format'],
    ['2025-04-31', 'date_format'],
    ['10.03.1990', 'date_format'],
    ['1990-1-1', 'date_format'],
    ['', 'required'],
  ])('refuses %j with %s', (input, expected) => {
    expect(judge(schema, input)).toEqual({ issue: expected })
  })

  it('knows calendar days', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true)
    expect(isCalendarDate('2023-02-29')).toBe(false)
    expect(isCalendarDate('2023-13-01')).toBe(false)
    expect(isCalendarDate('nonsense')).toBe(false)
  })
})

describe('description (required, 60 to 1000 characters) and about', () => {
  it.each([
    [x(60), { ok: x(60) }],
    [x(1000), { ok: x(1000) }],
    [x(59), { issue: 'too_short:60' }],
    [`  ${x(59)}  `, { issue: 'too_short:60' }],
    [x(1001), { issue: 'too_long:1000' }],
    ['', { issue: 'required' }],
  ])('description %#', (input, expected) => {
    expect(judge(descriptionSchema, input)).toEqual(expected)
  })

  it('about has no rule but a bound', () => {
    expect(judge(aboutSchema, '')).toEqual({ ok: '' })
    expect(judge(aboutSchema, ` ${x(2000)} `)).toEqual({ ok: x(2000) })
    expect(judge(aboutSchema, x(2001))).toEqual({ issue: 'too_long:2000' })
  })
})

describe('social links (at least one; duplicates ignored)', () => {
  it('keeps one of each link', () => {
    expect(judge(socialLinksSchema, ['https://a.pl', 'https://a.pl', 'http://b.pl'])).toEqual({
      ok: ['https://a.pl', 'http://b.pl'],
    })
  })

  it.each([
    [[], { issue: 'links_required' }],
    [['ftp://a.pl'], { issue: 'url_format', path: '0' }],
    [['a.pl'], { issue: 'url_format', path: '0' }],
    [['javascript:alert(1)'], { issue: 'url_format', path: '0' }],
    [[''], { issue: 'required', path: '0' }],
    [Array.from({ length: 11 }, (_, i) => `https://a.pl/${i}`), { issue: 'too_many:10' }],
  ])('refuses %j', (input, expected) => {
    expect(judge(socialLinksSchema, input)).toEqual(expected)
  })

  it('accepts ten links and a 300-character one, not 301', () => {
    expect(
      judge(
        socialLinksSchema,
        Array.from({ length: 10 }, (_, i) => `https://a.pl/${i}`),
      ),
    ).toHaveProperty('ok')
    const long = (n: number) => `https://a.pl/${x(n - 13)}`
    expect(judge(urlSchema, long(300))).toEqual({ ok: long(300) })
    expect(judge(urlSchema, long(301))).toEqual({ issue: 'too_long:300' })
  })
})

describe('IBAN and SWIFT', () => {
  it.each([
    ['PL61109010140000071219812874', 'PL61109010140000071219812874'],
    ['pl61 1090 1014 0000 0712 1981 2874', 'PL61109010140000071219812874'],
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['GB29NWBK60161331926819', 'GB29NWBK60161331926819'],
    ['NO9386011117947', 'NO9386011117947'],
  ])('accepts the IBAN %s', (input, expected) => {
    expect(judge(ibanSchema, input)).toEqual({ ok: expected })
  })

  it.each([
    ['PL61', 'iban_format'],
    ['P161109010140000071219812874', 'iban_format'],
    ['PLX1109010140000071219812874', 'iban_format'],
    [`DE89${x(35, '1')}`, 'iban_format'],
    ['PL61-1090', 'iban_format'],
    ['  ', 'required'],
    // A real IBAN: the country's length and the check digits.
    ['PL00 1234', 'iban_length:28'],
    ['PL611', 'iban_length:28'],
    [`DE89${x(34, '1')}`, 'iban_length:22'],
    ['PL62109010140000071219812874', 'iban_checksum'],
    ['PL61109010140000071219812784', 'iban_checksum'],
    ['QQ61109010140000071219812874', 'iban_country'],
  ])('refuses the IBAN %j with %s', (input, expected) => {
    expect(judge(ibanSchema, input)).toEqual({ issue: expected })
  })

  it.each([
    ['', ''],
    ['COBADEFF', 'COBADEFF'],
    ['cobadeff xxx', 'COBADEFFXXX'],
    ['BPKOPLPW', 'BPKOPLPW'],
    ['DEUTDE2H', 'DEUTDE2H'],
  ])('accepts the SWIFT %j', (input, expected) => {
    expect(judge(swiftSchema, input)).toEqual({ ok: expected })
  })

  it.each(['COBADEF', 'COBADEFFXX', 'COBADEFFXXXX', '1OBADEFF', 'COBA1EFF'])(
    'refuses the SWIFT %s',
    (input) => {
      expect(judge(swiftSchema, input)).toEqual({ issue: 'swift_format' })
    },
  )

  it('requires SWIFT only for an IBAN that exists and is not Polish', () => {
    expect(swiftRequired('PL61109010140000071219812874')).toBe(false)
    expect(swiftRequired(' pl61 1090')).toBe(false)
    expect(swiftRequired('DE89370400440532013000')).toBe(true)
    expect(swiftRequired('')).toBe(false)
    expect(swiftRequired(null)).toBe(false)
    expect(swiftRequired(undefined)).toBe(false)
    expect(normalizeAccountCode(' de89 3704 ')).toBe('DE893704')
  })
})

describe('address (bank details)', () => {
  const valid = {
    street: 'ul. Długa',
    buildingNumber: '12A',
    zip: '31-147',
    city: 'Kraków',
    country: 'Polska',
  }
  const check = (changes: Record<string, unknown>) => judge(addressSchema, { ...valid, ...changes })

  it('accepts a full address, trimmed, with or without an apartment', () => {
    expect(check({ street: '  ul. Długa ' })).toEqual({ ok: valid })
    expect(check({ apartmentNumber: '4' })).toEqual({ ok: { ...valid, apartmentNumber: '4' } })
    expect(check({ apartmentNumber: '' })).toEqual({ ok: { ...valid, apartmentNumber: '' } })
  })

  it.each([
    [{ street: x(30) }, null],
    [{ street: x(31) }, 'street:too_long:30'],
    [{ street: "Al. O'Neill-Kraków 5" }, null],
    [{ street: 'Długa 5/7' }, 'street:street_format'],
    [{ street: '' }, 'street:required'],
    [{ buildingNumber: x(10, '1') }, null],
    [{ buildingNumber: x(11, '1') }, 'buildingNumber:too_long:10'],
    [{ buildingNumber: '12 A' }, 'buildingNumber:alphanumeric_format'],
    [{ buildingNumber: '' }, 'buildingNumber:required'],
    [{ apartmentNumber: x(10, '1') }, null],
    [{ apartmentNumber: x(11, '1') }, 'apartmentNumber:too_long:10'],
    [{ apartmentNumber: '4/5' }, 'apartmentNumber:alphanumeric_format'],
    [{ zip: '31 147-1' }, null],
    [{ zip: x(30, '1') }, null],
    [{ zip: x(31, '1') }, 'zip:too_long:30'],
    [{ zip: 'AB-123' }, 'zip:zip_format'],
    [{ city: "Bielsko-Biała d'Or" }, null],
    [{ city: 'Warszawa 1' }, 'city:place_format'],
    [{ city: x(31) }, 'city:too_long:30'],
    [{ country: x(30) }, null],
    [{ country: 'Polska.' }, 'country:place_format'],
    [{ country: '' }, 'country:required'],
  ])('%j', (changes, expected) => {
    const result = check(changes)
    if (expected === null) expect(result).toHaveProperty('ok')
    else expect(`${result.path}:${result.issue}`).toBe(expected)
  })
})

describe('bank details (SWIFT required only for a foreign IBAN)', () => {
  const address = { street: 'Długa', buildingNumber: '1', zip: '00-001', city: 'Warszawa', country: 'Polska' }

  it.each([
    [{ iban: 'PL61109010140000071219812874' }, null],
    [{ iban: 'PL61109010140000071219812874', swift: '' }, null],
    [{ iban: 'DE89370400440532013000', swift: 'COBADEFF' }, null],
    [{ iban: 'DE89370400440532013000' }, 'swift:swift_required'],
    [{ iban: 'DE89370400440532013000', swift: '' }, 'swift:swift_required'],
    [{ iban: 'DE89370400440532013000', swift: 'COBA' }, 'swift:swift_format'],
  ])('%j', (bank, expected) => {
    const result = judge(bankDetailsSchema, { ...bank, address })
    if (expected === null) expect(result).toHaveProperty('ok')
    else expect(`${result.path}:${result.issue}`).toBe(expected)
  })
})

describe('dictionary ids', () => {
  it.each([
    [1, true],
    [MAX_ID, true],
    [0, false],
    [-1, false],
    [1.5, false],
    [MAX_ID + 1, false],
    [1e20, false],
    ['1', false],
  ])('%j valid: %s', (input, ok) => {
    expect(v.is(idListItem, input)).toBe(ok)
  })
})
