import type { ByteRange } from '../../platform/storage.ts'

/**
 * The one `bytes=` range of a Range header (RFC 9110 §14.1.2) inside a file of `size` bytes, which
 * video players ask for. Anything else (several ranges, a malformed or unsatisfiable one) gives
 * null: the server may ignore a Range header and send the whole file.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!match || size === 0) return null
  const [, from = '', to = ''] = match
  if (from === '') {
    // A suffix: the last `to` bytes.
    const length = Number(to)
    return length > 0 ? { start: Math.max(0, size - length), end: size - 1 } : null
  }
  const start = Number(from)
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  return start <= end ? { start, end } : null
}
