import {
  AsYouType,
  getCountryCallingCode,
  isValidPhoneNumber,
  type MetadataJson,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/core'
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, type PhoneCountry } from './phone-countries.ts'
import phoneMetadata from './phone-metadata.json'

// The phone input's pure half (product-rules.md "Screens and routes": default country Poland,
// national format; "Validation": spaces are removed before sending). libphonenumber-js formats and
// validates each country's numbers on its metadata cut to the input's countries. The value sent is
// E.164 (`+48512345678`), which the shared phone rule (domain/validation/rules.ts) accepts.

export { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, type PhoneCountry }

const metadata = phoneMetadata as unknown as MetadataJson

const isListed = (country: string | undefined): country is PhoneCountry =>
  PHONE_COUNTRIES.some((listed) => listed === country)

/** `+48` for PL. */
export const dialOf = (country: PhoneCountry): string => `+${getCountryCallingCode(country, metadata)}`

/** The listed country of a calling code (the first listed one where several share it, e.g. +1). */
const countryOfCallingCode = (callingCode: string | undefined): PhoneCountry | undefined =>
  PHONE_COUNTRIES.find((country) => getCountryCallingCode(country, metadata) === callingCode)

/** What the input shows and what the form keeps after each keystroke. */
export type TypedPhone = {
  country: PhoneCountry
  /** The text as the national format writes it so far, e.g. `512 345 6` or `07400 123456`. */
  display: string
  /** E.164 of the digits so far, e.g. `+485123456`; '' when no digits. */
  value: string
}

/** `+…` or `00…` (an international number, pasted or typed), with the `00` as `+`. */
const internationalText = (text: string): string | null => {
  const trimmed = text.trim()
  if (trimmed.startsWith('+')) return trimmed
  if (trimmed.startsWith('00')) return `+${trimmed.slice(2)}`
  return null
}

/**
 * What was typed, in the country `country`: formatted as typed in the national format. An
 * international number (`+49 …`, `0049 …`) picks its country (when listed); it is shown in the
 * international format while typed, nationally once whole.
 */
export function typePhone(text: string, country: PhoneCountry): TypedPhone {
  const international = internationalText(text)
  if (international !== null) {
    const reader = new AsYouType(undefined, metadata)
    const shown = reader.input(international)
    const found = reader.getCountry()
    const picked = isListed(found) ? found : countryOfCallingCode(reader.getCallingCode())
    const value = reader.getNumberValue() ?? ''
    const number = reader.getNumber()
    // A whole number is shown nationally at once; one still being typed stays as typed.
    if (picked && number?.isValid()) return { country: picked, display: number.formatNational(), value }
    if (picked) return { country: picked, display: shown, value }
    // A calling code outside the list: kept as typed (the country rule then says it is not valid).
    const digits = international.replace(/[^\d+]/g, '')
    return { country, display: international, value: digits === '+' ? '' : digits }
  }
  return typeNational(text, country)
}

function typeNational(text: string, country: PhoneCountry): TypedPhone {
  const formatter = new AsYouType(country, metadata)
  const display = formatter.input(text)
  const value = formatter.getNumberValue() ?? ''
  if (value === '' || value.startsWith(dialOf(country))) return { country, display, value }
  // Digits that begin like the country's own international call prefix (Finland's 990, …) were
  // read as a call abroad; without "+" or "00" they are a number of the country chosen.
  return { country, display, value: `${dialOf(country)}${text.replace(/\D/g, '')}` }
}

/**
 * A stored value read back: its country (Poland for a number without a calling code) and the
 * national format (`07400 123456` for `+447400123456`). A number too short to be one of its
 * country's is shown by its national digits.
 */
export function showPhone(value: string, fallback: PhoneCountry = DEFAULT_PHONE_COUNTRY): TypedPhone {
  if (value.trim() === '') return { country: fallback, display: '', value: '' }
  const typed = typePhone(value, fallback)
  const parsed = parsePhoneNumberFromString(typed.value, metadata)
  if (parsed?.isValid() && isListed(parsed.country)) {
    return { country: parsed.country, display: parsed.formatNational(), value: typed.value }
  }
  return typed
}

/** The phone rule per country: whether `value` (E.164) is a valid number of its country. */
export const isValidForCountry = (value: string): boolean => isValidPhoneNumber(value, metadata)

/** `+48 601 234 567`: a stored number in the international format (as typed when it is no number). */
export function showInternational(value: string): string {
  const parsed = parsePhoneNumberFromString(value, metadata)
  return parsed ? parsed.formatInternational() : value
}
