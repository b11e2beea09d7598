// IBAN (ISO 13616) and its check digits (ISO 7064 MOD 97-10), for product-rules.md "Bank details":
// the pattern alone lets "PL00 1234" through, and a typo in an account breaks a teacher's payouts
// (decisions.md "The server keeps the screens' rules"). Shared by the web's form and the server's
// rules.

/** Characters of an IBAN by country: the SWIFT IBAN Registry (release 97, 2024). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
}

export type IbanProblem = { kind: 'country' } | { kind: 'length'; length: number } | { kind: 'checksum' }

/** ISO 7064 MOD 97-10 over the IBAN moved round (letters as 10–35), digit by digit. */
function mod97(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of moved) {
    const code = char.charCodeAt(0)
    const value = code >= 65 ? code - 55 : code - 48
    remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97
  }
  return remainder
}

/**
 * What is wrong with an IBAN already in the spec's shape (two letters, two digits, letters and
 * digits; normalised: no spaces, upper case), or null when it is a real one.
 */
export function ibanProblem(iban: string): IbanProblem | null {
  const length = IBAN_LENGTHS[iban.slice(0, 2)]
  if (length === undefined) return { kind: 'country' }
  if (iban.length !== length) return { kind: 'length', length }
  return mod97(iban) === 1 ? null : { kind: 'checksum' }
}
