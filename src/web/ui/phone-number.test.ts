import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { normalizePhone, phoneSchema } from '../../domain/validation/rules.ts'
import { composePhone, formatNational, PHONE_COUNTRIES, parsePhone } from './phone-number.ts'

describe('the phone input (spec §2: Poland by default, national format)', () => {
  it('shows a Polish number in the national format', () => {
    expect(formatNational('512345678')).toBe('512 345 678')
    expect(formatNational('5123')).toBe('512 3')
    expect(formatNational('')).toBe('')
  })

  it('sends the number with the calling code and without spaces (spec §5)', () => {
    expect(composePhone('PL', '512 345 678')).toBe('+48512345678')
    expect(composePhone('DE', '1512 3456789')).toBe('+4915123456789')
    expect(composePhone('PL', '   ')).toBe('')
  })

  it('reads a stored number back into country and national digits', () => {
    expect(parsePhone('+48512345678')).toEqual({ country: 'PL', national: '512345678' })
    expect(parsePhone('+380 50 123 4567')).toEqual({ country: 'UA', national: '501234567' })
    expect(parsePhone('0049 151 2345678')).toEqual({ country: 'DE', national: '1512345678' })
    // A number saved without a calling code counts as Polish.
    expect(parsePhone('512 345 678')).toEqual({ country: 'PL', national: '512345678' })
    expect(parsePhone('')).toEqual({ country: 'PL', national: '' })
  })

  it('lists Poland first', () => {
    expect(PHONE_COUNTRIES[0]).toEqual({ code: 'PL', dial: '+48' })
  })

  it('round-trips any number and produces what the shared phone rule accepts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PHONE_COUNTRIES),
        fc.stringMatching(/^[1-9]\d{8,10}$/),
        (country, digits) => {
          const value = composePhone(country.code, formatNational(digits))
          expect(value).toBe(normalizePhone(value))
          const back = parsePhone(value)
          expect(composePhone(back.country, back.national)).toBe(value)
          expect(v.is(phoneSchema, value)).toBe(true)
        },
      ),
    )
  })
})
