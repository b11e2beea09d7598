import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { normalizePhone, phoneSchema } from '../../domain/validation/rules.ts'
import { dialOf, isValidForCountry, PHONE_COUNTRIES, showPhone, typePhone } from './phone-number.ts'

// The phone input (Poland by default, national format, spaces removed: product-rules.md "Screens
// and routes", "Validation"): libphonenumber-js formats and validates per country; the value is
// E.164.

describe('the phone input, as typed', () => {
  it.each([
    // country, typed, shown, sent
    ['PL', '512345678', '512 345 678', '+48512345678'],
    ['PL', '5123', '512 3', '+485123'],
    ['DE', '015123456789', '01512 3456789', '+4915123456789'],
    ['GB', '07400123456', '07400 123456', '+447400123456'],
    ['UA', '0501234567', '050 123 4567', '+380501234567'],
  ] as const)('formats %s %s as %s and sends %s', (country, text, shown, sent) => {
    expect(typePhone(text, country)).toEqual({ country, display: shown, value: sent })
  })

  it('keeps the chosen country for digits that begin like its international call prefix', () => {
    // Finland dials abroad with 990; typed without "+" or "00" it is still a Finnish number.
    expect(typePhone('990600000', 'FI')).toMatchObject({ country: 'FI', value: '+358990600000' })
  })

  it('sends nothing for no digits', () => {
    expect(typePhone('', 'PL')).toEqual({ country: 'PL', display: '', value: '' })
  })

  it('picks the country of a pasted international number and shows it nationally', () => {
    expect(typePhone('+44 7400 123456', 'PL')).toEqual({
      country: 'GB',
      display: '07400 123456',
      value: '+447400123456',
    })
    expect(typePhone('+44740', 'PL')).toEqual({ country: 'GB', display: '+44 740', value: '+44740' })
    expect(typePhone('0049 1512 3456789', 'PL')).toMatchObject({ country: 'DE', value: '+4915123456789' })
    expect(typePhone('+380 50 123 4567', 'PL')).toMatchObject({ country: 'UA', value: '+380501234567' })
  })
})

describe('a stored number read back', () => {
  it.each([
    ['+48512345678', 'PL', '512 345 678'],
    ['+4915123456789', 'DE', '01512 3456789'],
    ['+447400123456', 'GB', '07400 123456'],
    ['+380501234567', 'UA', '050 123 4567'],
    // A number saved without a calling code counts as Polish.
    ['512 345 678', 'PL', '512 345 678'],
  ] as const)('%s is %s %s', (value, country, display) => {
    expect(showPhone(value)).toMatchObject({ country, display })
  })

  it('is empty and Polish when there is no number', () => {
    expect(showPhone('')).toEqual({ country: 'PL', display: '', value: '' })
  })
})

describe('validation per country', () => {
  it.each([
    ['+48512345678', true],
    ['+4851234567', false],
    ['+4915123456789', true],
    ['+49151', false],
    ['+447400123456', true],
    ['+44740012345', false],
    ['+380501234567', true],
    ['+38050123456', false],
  ])('%s valid: %s', (value, valid) => {
    expect(isValidForCountry(value)).toBe(valid)
  })
})

describe('the country list', () => {
  it('has Poland first, with its calling code from libphonenumber-js', () => {
    expect(PHONE_COUNTRIES[0]).toBe('PL')
    expect(PHONE_COUNTRIES.map(dialOf).slice(0, 4)).toEqual(['+48', '+49', '+44', '+380'])
  })

  it('sends what the shared phone rule accepts and reads a valid number back', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PHONE_COUNTRIES),
        fc.stringMatching(/^[1-9]\d{8,10}$/),
        (country, digits) => {
          const typed = typePhone(digits, country)
          expect(typed.value).toBe(normalizePhone(typed.value))
          expect(typed.value.startsWith(dialOf(country))).toBe(true)
          expect(v.is(phoneSchema, typed.value)).toBe(true)
          // A number of the country reads back as it was typed (random digits may be no number:
          // e.g. a Lithuanian "8…" is the trunk prefix, and what follows it may not be one).
          if (isValidForCountry(typed.value)) {
            const back = showPhone(typed.value, country)
            expect(back).toMatchObject({ country, value: typed.value })
            expect(typePhone(back.display, back.country).value).toBe(typed.value)
          }
        },
      ),
    )
  })
})
