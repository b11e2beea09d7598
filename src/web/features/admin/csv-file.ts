import { CSV_MAX_CHARS } from '../../../domain/api/admin-students.ts'

// A CSV file chosen in the console, read as the text the server checks (docs/decisions.md "A CSV
// from a Polish Excel"): UTF-8 (with or without its byte-order mark), or else Windows-1250, what a
// Polish Excel writes; a file that reads as neither is refused, never shown with letters replaced.

export type CsvEncoding = 'utf-8' | 'windows-1250'
export type CsvFileText =
  | { ok: true; text: string; encoding: CsvEncoding }
  | { ok: false; reason: 'too_large'; size: number }
  | { ok: false; reason: 'unreadable' }

/** The largest file read: every character is at least one byte, so its text fits the server's limit. */
export const CSV_MAX_BYTES = CSV_MAX_CHARS

/**
 * What a table of names, e-mails, dates and companies holds: letters of any alphabet, ASCII, and
 * the typographic marks an office suite puts in. A Windows-1250 reading of another encoding's
 * Polish letters gives symbols (ISO-8859-2's "ą" reads "±", its "ś" reads "¶") or control
 * characters, which are not here.
 */
const UNLIKELY = /[^\t\n\r\x20-\x7E\p{L}\u00A0\u00AB\u00B0\u00BB\u2013\u2014\u2018-\u201E\u2026\u20AC]/u

export function decodeCsvBytes(bytes: Uint8Array): CsvFileText {
  if (bytes.byteLength > CSV_MAX_BYTES) return { ok: false, reason: 'too_large', size: bytes.byteLength }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    const text = new TextDecoder('windows-1250').decode(bytes)
    return UNLIKELY.test(text)
      ? { ok: false, reason: 'unreadable' }
      : { ok: true, text, encoding: 'windows-1250' }
  }
}

/** A chosen file's text; a file over the limit is refused before it is read. */
export async function readCsvFile(file: Blob): Promise<CsvFileText> {
  if (file.size > CSV_MAX_BYTES) return { ok: false, reason: 'too_large', size: file.size }
  return decodeCsvBytes(new Uint8Array(await file.arrayBuffer()))
}

/**
 * "316 KB": a size next to a limit of 256 KB needs kilobytes (in megabytes both read "0,3 MB");
 * rounded up, so a file just over the limit never reads as the limit itself.
 */
export const formatKilobytes = (bytes: number, locale: string) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.ceil(bytes / 1024))} KB`
