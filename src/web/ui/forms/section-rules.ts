import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import { type AgreementKey, agreementsFor } from '../../../domain/agreements.ts'
import type { Role } from '../../../domain/api/common.ts'
import { detailsFields } from '../../../domain/api/registration.ts'
import { polandDateKey } from '../../../domain/poland-time.ts'
import { issue } from '../../../domain/validation/issues.ts'
import {
  type BankDetailsInput,
  bankDetailsSchema,
  normalizeAccountCode,
  normalizePhone,
  swiftRequired,
} from '../../../domain/validation/rules.ts'
import {
  rowsToTeacherLanguages,
  type TeacherLanguageRow,
  teacherLanguageRowIssues,
  teacherLanguagesEntries,
} from '../../../domain/validation/teacher-languages.ts'
import { type FieldMessages, issueTextOf, schemaFieldMessages } from '../../api/issue-messages.ts'
import { isValidForCountry } from '../phone-number.ts'

// The form models of the shared form sections and their browser-side rules: the same domain schemas
// the server runs (product-rules.md "Validation"), with messages keyed by the sections' form paths.

/**
 * Today in Poland time (YYYY-MM-DD): the date-of-birth rule's upper bound (product-rules.md
 * "Validation").
 */
export const todayKey = () => polandDateKey(Date.now())

export type DetailsValues = {
  first_name: string
  last_name: string
  /** International form without spaces, e.g. `+48512345678` (PhoneInput's value). */
  phone_number: string
  /** YYYY-MM-DD. */
  date_of_birth: string
}
export const emptyDetails = (): DetailsValues => ({
  first_name: '',
  last_name: '',
  phone_number: '',
  date_of_birth: '',
})

export const detailsPayload = (values: DetailsValues) => ({
  first_name: values.first_name.trim(),
  last_name: values.last_name.trim(),
  phone_number: normalizePhone(values.phone_number),
  date_of_birth: values.date_of_birth,
})

/**
 * The phone, per country: the shared rule's digits (product-rules.md "Validation") must make a
 * number of the country.
 */
export const phoneCountryText = msg`To nie jest poprawny numer telefonu w wybranym kraju`

export function detailsMessages(values: DetailsValues, today = todayKey()): FieldMessages {
  const payload = detailsPayload(values)
  const messages = schemaFieldMessages(v.object(detailsFields(today)), payload)
  // The server checks the shared rule (at least 9 digits and +); the browser also knows each
  // country's numbering (libphonenumber-js), so a number its country cannot have is said at once.
  if (!messages.phone_number && payload.phone_number !== '' && !isValidForCountry(payload.phone_number)) {
    messages.phone_number = phoneCountryText
  }
  return messages
}

export type AddressValues = {
  street: string
  buildingNumber: string
  apartmentNumber: string
  zip: string
  city: string
  country: string
}
export type BankValues = { iban: string; swift: string; address: AddressValues }
export const emptyBank = (): BankValues => ({
  iban: '',
  swift: '',
  address: { street: '', buildingNumber: '', apartmentNumber: '', zip: '', city: '', country: '' },
})

/**
 * Values trimmed, IBAN/SWIFT without spaces, SWIFT only for a foreign IBAN (product-rules.md "Bank
 * details"), empties dropped.
 */
export function bankPayload({ iban, swift, address }: BankValues): BankDetailsInput {
  const { apartmentNumber, ...required } = address
  const trimmed = Object.fromEntries(Object.entries(required).map(([k, value]) => [k, value.trim()]))
  const apartment = apartmentNumber.trim()
  const code = swiftRequired(iban) ? normalizeAccountCode(swift) : ''
  return {
    iban: normalizeAccountCode(iban),
    ...(code ? { swift: code } : {}),
    address: {
      street: trimmed.street ?? '',
      buildingNumber: trimmed.buildingNumber ?? '',
      zip: trimmed.zip ?? '',
      city: trimmed.city ?? '',
      country: trimmed.country ?? '',
      ...(apartment ? { apartmentNumber: apartment } : {}),
    },
  }
}

export const bankMessages = (values: BankValues): FieldMessages =>
  schemaFieldMessages(bankDetailsSchema, bankPayload(values))

export type TeacherLanguagesValues = {
  /** One row per taught language: language, level, specializations (product-rules.md "Validation"). */
  language_rows: TeacherLanguageRow[]
  /** Languages the teacher teaches in (`teaching_languages`, product-rules.md "Records and fields"). */
  teaching_languages: number[]
}
export const emptyLanguageRow = (): TeacherLanguageRow => ({
  language_id: null,
  level_id: null,
  specialization_ids: [],
})
export const emptyTeacherLanguages = (): TeacherLanguagesValues => ({
  language_rows: [emptyLanguageRow()],
  teaching_languages: [],
})

export const teacherLanguagesPayload = (values: TeacherLanguagesValues) =>
  rowsToTeacherLanguages(values.language_rows, values.teaching_languages)

export function teacherLanguagesMessages(values: TeacherLanguagesValues): FieldMessages {
  const messages: FieldMessages = {}
  teacherLanguageRowIssues(values.language_rows).forEach((found, index) => {
    if (found) messages[`language_rows.${index}.${found.field}`] = issueTextOf(found.message)
  })
  const teaching = schemaFieldMessages(teacherLanguagesEntries.teaching_languages, values.teaching_languages)
  if (teaching['']) messages.teaching_languages = teaching['']
  return messages
}

export type AgreementsValues = { agreements: Record<AgreementKey, boolean> }
export const emptyAgreements = (): AgreementsValues => ({
  agreements: {
    user_rules_agreed: false,
    teacher_rules_agreed: false,
    voice_recording_agreed: false,
    commercial_sms_consent: false,
    commercial_email_consent: false,
  },
})

/**
 * product-rules.md "Validation": the role's required agreements must be checked; another role's are
 * not asked.
 */
export function agreementsMessages(role: Role, values: AgreementsValues): FieldMessages {
  const messages: FieldMessages = {}
  for (const agreement of agreementsFor(role)) {
    if (agreement.required && !values.agreements[agreement.key])
      messages[`agreements.${agreement.key}`] = issueTextOf(issue('agreement_required'))
  }
  return messages
}

/** The role's agreements as payload fields (product-rules.md "Records and fields"). */
export const agreementsPayload = (role: Role, values: AgreementsValues) =>
  Object.fromEntries(agreementsFor(role).map((a) => [a.key, values.agreements[a.key]]))
