import * as v from 'valibot'
import {
  ADDRESS_FIELD_MAX,
  BUILDING_NUMBER_MAX,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  PHONE_MIN,
  SHORT_TEXT_MAX,
} from '../constants.ts'
import { ibanProblem } from './iban.ts'
import { issue } from './issues.ts'
import { singleLine, storableString } from './storable-text.ts'

// Field rules of product-rules.md "Validation", as valibot schemas whose messages are issue codes
// (issues.ts).

export const ABOUT_MAX = 2000
export const SOCIAL_LINKS_MAX = 10
export const SOCIAL_LINK_MAX = 300
export const PHONE_MAX_DIGITS = 15
export const OLDEST_BIRTH_DATE = '1900-01-01'

/** A required, trimmed string of at most `max` characters. */
export const requiredText = (max: number) =>
  v.pipe(
    storableString(issue('required')),
    v.trim(),
    v.nonEmpty(issue('required')),
    v.maxLength(max, issue('too_long', max)),
  )

/** A required single-line text (a name, a link's name, a word): no line breaks, tabs or controls. */
export const requiredLine = (max: number) =>
  v.pipe(
    storableString(issue('required')),
    singleLine(),
    v.trim(),
    v.nonEmpty(issue('required')),
    v.maxLength(max, issue('too_long', max)),
  )

/**
 * Names are stored with the first letter capitalised and the rest lower-cased; applied to each
 * part of a double name ("kowalska-NOWAK" → "Kowalska-Nowak", docs/decisions.md).
 */
export function capitalizeName(name: string): string {
  return name
    .trim()
    .toLocaleLowerCase('pl')
    .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toLocaleUpperCase('pl'))
}

export const nameSchema = v.pipe(
  requiredLine(SHORT_TEXT_MAX),
  v.regex(/^\p{L}[\p{L} '’-]*$/u, issue('name_format')),
  v.transform(capitalizeName),
)

/** Phone: spaces are removed; at least 9 characters, digits and a leading + only. */
export const normalizePhone = (phone: string) => phone.replace(/\s+/g, '')
export const phoneSchema = v.pipe(
  v.string(issue('required')),
  v.transform(normalizePhone),
  v.nonEmpty(issue('required')),
  v.regex(new RegExp(`^\\+?\\d{${PHONE_MIN},${PHONE_MAX_DIGITS}}$`), issue('phone_format')),
)

/** 2026-02-28 yes, 2026-02-31 no: `isoDate` checks the shape only, and a database refuses the day. */
export function isCalendarDate(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day
}

/** Date of birth is required and cannot be in the future (`today` is YYYY-MM-DD). */
export const dateOfBirthSchema = (today: string) =>
  v.pipe(
    v.string(issue('required')),
    v.trim(),
    v.nonEmpty(issue('required')),
    v.isoDate(issue('date_format')),
    v.check(isCalendarDate, issue('date_format')),
    v.check((value) => value <= today, issue('date_in_future')),
    v.check((value) => value >= OLDEST_BIRTH_DATE, issue('date_too_old')),
  )

/** Description required, 60–1000 characters. */
export const descriptionSchema = v.pipe(
  storableString(issue('required')),
  v.trim(),
  v.nonEmpty(issue('required')),
  v.minLength(DESCRIPTION_MIN, issue('too_short', DESCRIPTION_MIN)),
  v.maxLength(DESCRIPTION_MAX, issue('too_long', DESCRIPTION_MAX)),
)

/** About-me has no rule of its own; a bound keeps storage sane (docs/decisions.md). */
export const aboutSchema = v.pipe(
  storableString(issue('invalid')),
  v.trim(),
  v.maxLength(ABOUT_MAX, issue('too_long', ABOUT_MAX)),
)

export const urlSchema = v.pipe(
  storableString(issue('required')),
  v.trim(),
  v.nonEmpty(issue('required')),
  v.maxLength(SOCIAL_LINK_MAX, issue('too_long', SOCIAL_LINK_MAX)),
  v.url(issue('url_format')),
  v.check((value) => /^https?:\/\//i.test(value), issue('url_format')),
)

/** Social links: at least one link to save; duplicates ignored. */
export const socialLinksSchema = v.pipe(
  v.array(urlSchema, issue('invalid')),
  v.transform((links) => [...new Set(links)]),
  v.minLength(1, issue('links_required')),
  v.maxLength(SOCIAL_LINKS_MAX, issue('too_many', SOCIAL_LINKS_MAX)),
)

// Bank details (product-rules.md "Bank details").
export const normalizeAccountCode = (value: string) => value.replace(/\s+/g, '').toUpperCase()

export const ibanSchema = v.pipe(
  v.string(issue('required')),
  v.transform(normalizeAccountCode),
  v.nonEmpty(issue('required')),
  v.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{1,34}$/, issue('iban_format')),
  // A real account: the country's length and the check digits.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const problem = ibanProblem(dataset.value)
    if (problem?.kind === 'country') addIssue({ message: issue('iban_country') })
    else if (problem?.kind === 'length') addIssue({ message: issue('iban_length', problem.length) })
    else if (problem?.kind === 'checksum') addIssue({ message: issue('iban_checksum') })
  }),
)

export const swiftSchema = v.pipe(
  v.string(issue('invalid')),
  v.transform(normalizeAccountCode),
  v.regex(/^([A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?)?$/, issue('swift_format')),
)

/** SWIFT is required only for an IBAN that exists and does not start with PL. */
export const swiftRequired = (iban: string | null | undefined) =>
  Boolean(iban) && !normalizeAccountCode(iban ?? '').startsWith('PL')

const addressText = (max: number, pattern: RegExp, code: Parameters<typeof issue>[0]) =>
  v.pipe(requiredText(max), v.regex(pattern, issue(code)))

export const addressSchema = v.object({
  street: addressText(ADDRESS_FIELD_MAX, /^[\p{L}\d .'-]+$/u, 'street_format'),
  buildingNumber: addressText(BUILDING_NUMBER_MAX, /^[\p{L}\d]+$/u, 'alphanumeric_format'),
  apartmentNumber: v.optional(
    v.pipe(
      v.string(issue('invalid')),
      v.trim(),
      v.maxLength(BUILDING_NUMBER_MAX, issue('too_long', BUILDING_NUMBER_MAX)),
      v.regex(/^[\p{L}\d]*$/u, issue('alphanumeric_format')),
    ),
  ),
  zip: addressText(ADDRESS_FIELD_MAX, /^[\d -]+$/, 'zip_format'),
  city: addressText(ADDRESS_FIELD_MAX, /^[\p{L} '-]+$/u, 'place_format'),
  country: addressText(ADDRESS_FIELD_MAX, /^[\p{L} '-]+$/u, 'place_format'),
})
export type AddressInput = v.InferInput<typeof addressSchema>

export const bankDetailsSchema = v.pipe(
  v.object({
    iban: ibanSchema,
    swift: v.optional(swiftSchema, ''),
    address: addressSchema,
  }),
  v.forward(
    v.partialCheck(
      [['iban'], ['swift']],
      ({ iban, swift }) => !swiftRequired(iban) || Boolean(swift),
      issue('swift_required'),
    ),
    ['swift'],
  ),
)
export type BankDetailsInput = v.InferInput<typeof bankDetailsSchema>

/** The largest id a dictionary row can have (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647

/** A dictionary id (language, level, specialization): a whole number from 1 to MAX_ID. */
export const dictionaryId = (typeMessage: string = issue('invalid')) =>
  v.pipe(
    v.number(typeMessage),
    v.integer(issue('invalid')),
    v.minValue(1, issue('invalid')),
    v.maxValue(MAX_ID, issue('invalid')),
  )

export const idListItem = dictionaryId()
