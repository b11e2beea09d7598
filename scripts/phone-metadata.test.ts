import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PHONE_COUNTRIES } from '../src/web/ui/phone-countries.ts'
import { installedMetadata, PHONE_METADATA_FILE, pickPhoneMetadata } from './phone-metadata.ts'

describe('the phone input’s metadata', () => {
  it('is the installed libphonenumber-js min metadata cut to the country list', () => {
    const committed = JSON.parse(readFileSync(PHONE_METADATA_FILE, 'utf8'))
    // When this fails: `node scripts/phone-metadata.ts && npx biome format --write src/web/ui/phone-metadata.json`.
    expect(committed).toEqual(pickPhoneMetadata(installedMetadata(), PHONE_COUNTRIES))
    expect(Object.keys(committed.countries)).toEqual([...PHONE_COUNTRIES])
  })

  it('keeps only the listed countries of a shared calling code', () => {
    const picked = pickPhoneMetadata(installedMetadata(), ['GB', 'US'])
    expect(picked.country_calling_codes).toEqual({ '1': ['US'], '44': ['GB'] })
    expect(picked.nonGeographic).toBeUndefined()
  })
})
