import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { IBAN_LENGTHS, ibanProblem } from './iban.ts'

// An IBAN is real only with its country's length and matching check digits.

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const value = (char: string) => BigInt(ALPHANUMERIC.indexOf(char))

/** Check digits by the definition (ISO 13616 with big integers), independent of iban.ts. */
function withCheckDigits(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`].map((char) => value(char).toString()).join('')
  const check = 98n - (BigInt(digits) % 97n)
  return `${country}${check.toString().padStart(2, '0')}${bban}`
}

const iban = fc
  .constantFrom(...Object.entries(IBAN_LENGTHS))
  .chain(([country, length]) =>
    fc
      .array(fc.constantFrom(...ALPHANUMERIC), { minLength: length - 4, maxLength: length - 4 })
      .map((chars) => withCheckDigits(country, chars.join(''))),
  )

describe('ibanProblem', () => {
  it('accepts every IBAN whose check digits are right for its country and length', () => {
    fc.assert(
      fc.property(iban, (valid) => {
        expect(ibanProblem(valid)).toBeNull()
      }),
    )
  })

  // MOD 97-10 catches every single wrong digit and every swap of two neighbouring digits (a
  // letter, read as two digits, is caught only with high probability).
  it('catches any one digit typed wrong, and any two neighbouring digits swapped', () => {
    const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9'
    fc.assert(
      fc.property(iban, fc.nat(), fc.integer({ min: 0, max: 9 }), (valid, at, digit) => {
        const i = 2 + (at % (valid.length - 2))
        const typo = `${valid.slice(0, i)}${digit}${valid.slice(i + 1)}`
        if (isDigit(valid[i]) && typo !== valid) expect(ibanProblem(typo)).toEqual({ kind: 'checksum' })
        const j = 2 + (at % (valid.length - 3))
        const swapped = `${valid.slice(0, j)}${valid[j + 1]}${valid[j]}${valid.slice(j + 2)}`
        if (isDigit(valid[j]) && isDigit(valid[j + 1]) && swapped !== valid)
          expect(ibanProblem(swapped)).toEqual({ kind: 'checksum' })
      }),
    )
  })

  it("names the country's length, and refuses a country without IBANs", () => {
    expect(ibanProblem('PL001234')).toEqual({ kind: 'length', length: 28 })
    expect(ibanProblem('US12345678901234')).toEqual({ kind: 'country' })
  })
})
