import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { PHONE_COUNTRIES } from '../src/web/ui/phone-countries.ts'

// The phone input formats and validates numbers with libphonenumber-js, on the smallest metadata
// that covers its country list — the package's "min" metadata (no number types) cut to those
// countries, as libphonenumber's own metadata generator does with its country filter. The cut is
// committed (src/web/ui/phone-metadata.json); scripts/phone-metadata.test.ts fails when it no
// longer matches the installed package or the list. `node scripts/phone-metadata.ts` rewrites it
// (then `npx biome format --write` it).

type Metadata = {
  version: number
  country_calling_codes: Record<string, string[]>
  countries: Record<string, unknown>
  nonGeographic?: Record<string, unknown>
}

export const PHONE_METADATA_FILE = path.resolve('src/web/ui/phone-metadata.json')

/** The installed package's min metadata. */
export function installedMetadata(): Metadata {
  const require = createRequire(import.meta.url)
  return JSON.parse(readFileSync(require.resolve('libphonenumber-js/metadata.min.json'), 'utf8'))
}

/** `full` with only `countries` (their calling codes and their own rules), nothing non-geographic. */
export function pickPhoneMetadata(full: Metadata, countries: readonly string[]): Metadata {
  const wanted = new Set(countries)
  const callingCodes: Record<string, string[]> = {}
  for (const [code, owners] of Object.entries(full.country_calling_codes)) {
    const kept = owners.filter((country) => wanted.has(country))
    if (kept.length) callingCodes[code] = kept
  }
  const picked: Record<string, unknown> = {}
  for (const country of countries) {
    if (!(country in full.countries)) throw new Error(`libphonenumber-js has no metadata for ${country}`)
    picked[country] = full.countries[country]
  }
  return { version: full.version, country_calling_codes: callingCodes, countries: picked }
}

export const phoneMetadataText = () =>
  `${JSON.stringify(pickPhoneMetadata(installedMetadata(), PHONE_COUNTRIES), null, 2)}\n`

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/phone-metadata.ts')) {
  writeFileSync(PHONE_METADATA_FILE, phoneMetadataText())
  console.log(`wrote ${PHONE_METADATA_FILE}`)
}
