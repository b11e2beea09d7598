import type { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
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

/** A stored file on its way out: its bytes, or the range of them asked for. */
export type OutgoingFile = {
  stream: Readable
  contentType: string
  disposition: string
  size: number
  range: ByteRange | null
}

/**
 * Sends a stored file never shown as another type (nosniff), with `cacheControl`, whole or the one
 * range asked for (206: a download broken off resumes where it stopped).
 */
export function sendStoredFile(reply: FastifyReply, file: OutgoingFile, cacheControl: string) {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .header('accept-ranges', 'bytes')
  if (file.range) {
    const { start, end } = file.range
    reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${file.size}`)
      .header('content-length', end - start + 1)
  } else reply.header('content-length', file.size)
  return reply.send(file.stream)
}
