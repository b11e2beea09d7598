// The phone input's pure half (spec §2 phone input: default country Poland, national format;
// spec §5: spaces are removed before sending). Values are `+<calling code><digits>`.

export type PhoneCountry = { code: string; dial: string }

/** Poland first (the default), then the countries most Lektorium users call from. */
export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { code: 'PL', dial: '+48' },
  { code: 'DE', dial: '+49' },
  { code: 'GB', dial: '+44' },
  { code: 'UA', dial: '+380' },
  { code: 'CZ', dial: '+420' },
  { code: 'SK', dial: '+421' },
  { code: 'LT', dial: '+370' },
  { code: 'FR', dial: '+33' },
  { code: 'ES', dial: '+34' },
  { code: 'IT', dial: '+39' },
  { code: 'US', dial: '+1' },
  { code: 'IE', dial: '+353' },
  { code: 'NL', dial: '+31' },
  { code: 'BE', dial: '+32' },
  { code: 'AT', dial: '+43' },
  { code: 'CH', dial: '+41' },
  { code: 'SE', dial: '+46' },
  { code: 'NO', dial: '+47' },
  { code: 'DK', dial: '+45' },
  { code: 'FI', dial: '+358' },
  { code: 'PT', dial: '+351' },
  { code: 'LV', dial: '+371' },
  { code: 'EE', dial: '+372' },
  { code: 'BY', dial: '+375' },
  { code: 'HU', dial: '+36' },
  { code: 'RO', dial: '+40' },
  { code: 'GE', dial: '+995' },
]

export const DEFAULT_PHONE_COUNTRY = 'PL'

export type ParsedPhone = { country: string; national: string }

const byDialLength = [...PHONE_COUNTRIES].sort((a, b) => b.dial.length - a.dial.length)

/**
 * Splits a stored number into country and national digits. A number without `+` is national
 * (Polish by default); an unknown calling code keeps its `+` inside the national part.
 */
export function parsePhone(value: string, fallbackCountry = DEFAULT_PHONE_COUNTRY): ParsedPhone {
  const compact = value.replace(/[\s()-]/g, '')
  const plus = compact.startsWith('00') ? `+${compact.slice(2)}` : compact
  if (!plus.startsWith('+')) return { country: fallbackCountry, national: plus.replace(/\D/g, '') }
  const match = byDialLength.find((c) => plus.startsWith(c.dial))
  if (!match) return { country: fallbackCountry, national: plus }
  return { country: match.code, national: plus.slice(match.dial.length).replace(/\D/g, '') }
}

export const dialOf = (country: string) =>
  PHONE_COUNTRIES.find((c) => c.code === country)?.dial ?? PHONE_COUNTRIES[0]?.dial ?? '+48'

/** The value sent (spec §5): calling code and digits, no spaces; empty when no digits. */
export function composePhone(country: string, national: string): string {
  if (national.startsWith('+')) return national.replace(/[^\d+]/g, '')
  const digits = national.replace(/\D/g, '')
  return digits === '' ? '' : `${dialOf(country)}${digits}`
}

/** National display in groups of three, e.g. `512 345 678` (the Polish format). */
export function formatNational(national: string): string {
  if (national.startsWith('+')) return national
  const digits = national.replace(/\D/g, '')
  return digits.replace(/(\d{3})(?=\d)/g, '$1 ')
}
