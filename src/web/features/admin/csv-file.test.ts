import { describe, expect, it } from 'vitest'
import { CSV_MAX_BYTES, decodeCsvBytes, readCsvFile } from './csv-file.ts'

// A CSV from a Polish Excel: UTF-8 or Windows-1250, or refused; never letters replaced with U+FFFD.

const header = 'email,company_name\n'
/** "zółć@firma.pl,Łódź Żuraw Ślęża" in Windows-1250. */
const windows1250 = Uint8Array.from([
  ...new TextEncoder().encode(header),
  0x7a,
  0xf3,
  0xb3,
  0xe6,
  0x40,
  0x66,
  0x69,
  0x72,
  0x6d,
  0x61,
  0x2e,
  0x70,
  0x6c,
  0x2c,
  0xa3,
  0xf3,
  0x64,
  0x9f,
  0x20,
  0xaf,
  0x75,
  0x72,
  0x61,
  0x77,
  0x20,
  0x8c,
  0x6c,
  0xea,
  0xbf,
  0x61,
])
/** "Kraków Gąska Świecie" in ISO-8859-2: its "ą" and "Ś" are other symbols in Windows-1250. */
const iso88592 = Uint8Array.from([
  ...new TextEncoder().encode(`${header}a@b.pl,`),
  0x4b,
  0x72,
  0x61,
  0x6b,
  0xf3,
  0x77,
  0x20,
  0x47,
  0xb1,
  0x73,
  0x6b,
  0x61,
  0x20,
  0xa6,
  0x77,
  0x69,
  0x65,
  0x63,
  0x69,
  0x65,
])

describe('a chosen CSV file', () => {
  it('reads UTF-8, with or without the byte-order mark Excel writes', () => {
    const text = `${header}jan@firma.pl,Łódź Sp. z o.o.\n`
    const plain = new TextEncoder().encode(text)
    expect(decodeCsvBytes(plain)).toEqual({ ok: true, text, encoding: 'utf-8' })
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...plain])
    expect(decodeCsvBytes(withBom)).toEqual({ ok: true, text, encoding: 'utf-8' })
  })

  it("reads a Polish Excel's Windows-1250 with its Polish letters", () => {
    const read = decodeCsvBytes(windows1250)
    expect(read).toEqual({
      ok: true,
      text: `${header}zółć@firma.pl,Łódź Żuraw Ślęża`,
      encoding: 'windows-1250',
    })
  })

  it('refuses a file in another encoding rather than showing wrong letters', () => {
    expect(decodeCsvBytes(iso88592)).toEqual({ ok: false, reason: 'unreadable' })
    const utf16 = Uint8Array.from([0xff, 0xfe, 0x61, 0x00, 0x40, 0x00])
    expect(decodeCsvBytes(utf16)).toEqual({ ok: false, reason: 'unreadable' })
  })

  it('refuses a file over the limit with its size instead of cutting it', async () => {
    const big = new Blob([new Uint8Array(CSV_MAX_BYTES + 1).fill(0x61)])
    expect(await readCsvFile(big)).toEqual({ ok: false, reason: 'too_large', size: CSV_MAX_BYTES + 1 })
    const fits = new Blob([new Uint8Array(CSV_MAX_BYTES).fill(0x61)])
    expect((await readCsvFile(fits)).ok).toBe(true)
  })
})
