import type { CountryCode } from 'libphonenumber-js/core'

// The countries the phone input offers — Poland first (the default), then the countries most
// Lektorium users call from. Their numbering rules come from libphonenumber-js (phone-metadata.json
// is its metadata cut to these countries: scripts/phone-metadata.ts).
export const PHONE_COUNTRIES = [
  'PL',
  'DE',
  'GB',
  'UA',
  'CZ',
  'SK',
  'LT',
  'FR',
  'ES',
  'IT',
  'US',
  'IE',
  'NL',
  'BE',
  'AT',
  'CH',
  'SE',
  'NO',
  'DK',
  'FI',
  'PT',
  'LV',
  'EE',
  'BY',
  'HU',
  'RO',
  'GE',
] as const satisfies readonly CountryCode[]

export type PhoneCountry = (typeof PHONE_COUNTRIES)[number]

export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'PL'
