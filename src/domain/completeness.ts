import { requiredAgreementsFilled } from './agreements.ts'
import type { Profile } from './api/profile.ts'
import { swiftRequired } from './validation/rules.ts'

// The completeness checks (product-rules.md "Validation"). They drive the MissingDataReminder and
// the profile's redirect parameter, and the server decides registration_completed with the same
// rules.

type P = Pick<
  Profile,
  | 'role'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'phone_number'
  | 'date_of_birth'
  | 'iban'
  | 'swift'
  | 'address'
  | 'description'
  | 'teaching_languages'
  | 'taught_languages'
  | 'user_rules_agreed'
  | 'teacher_rules_agreed'
  | 'voice_recording_agreed'
  | 'commercial_sms_consent'
  | 'commercial_email_consent'
>

const filled = (value: string | null | undefined) => Boolean(value?.trim())

/** First and last name, phone over 5 characters, date of birth, and e-mail (not for students). */
export function personalDataFilled(p: P): boolean {
  return (
    filled(p.first_name) &&
    filled(p.last_name) &&
    (p.phone_number?.trim().length ?? 0) > 5 &&
    filled(p.date_of_birth) &&
    (p.role === 'student' || filled(p.email))
  )
}

/** IBAN, street, zip, building number, country, city, and SWIFT unless the IBAN starts with PL. */
export function bankDataFilled(p: P): boolean {
  const a = p.address
  return (
    filled(p.iban) &&
    Boolean(
      a &&
        filled(a.street) &&
        filled(a.zip) &&
        filled(a.buildingNumber) &&
        filled(a.country) &&
        filled(a.city),
    ) &&
    (!swiftRequired(p.iban) || filled(p.swift))
  )
}

/** Description, at least one teaching language, every taught language with language and level. */
export function skillDataFilled(p: P): boolean {
  return (
    filled(p.description) &&
    p.teaching_languages.length > 0 &&
    p.taught_languages.length > 0 &&
    p.taught_languages.every((t) => t.language_id > 0 && t.level_id > 0)
  )
}

export function agreementsFilled(p: P): boolean {
  return requiredAgreementsFilled(p.role, p)
}
