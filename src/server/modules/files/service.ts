import type { Readable } from 'node:stream'
import { type FileType, MIME_BY_TYPE } from '../../../domain/files.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import { type ByteRange, fileTypeOfKey } from '../../platform/storage.ts'
import { parseByteRange } from './byte-range.ts'

// GET /api/v1/files/<key>?expires=&sig= (architecture.md "Data": short-lived signed URLs, issued
// only to people allowed to see the file).

/** Types a browser may show in place; anything else (SVG with its scripts, office files) downloads. */
const INLINE: ReadonlySet<FileType> = new Set(['jpeg', 'png', 'webp', 'heic', 'mp4', 'wav', 'webm'])

export type SignedFile = {
  stream: Readable
  contentType: string
  disposition: 'inline' | 'attachment'
  size: number
  range: ByteRange | null
  /** Seconds the URL stays valid: the longest the browser may cache the file. */
  maxAge: number
}

export async function openSignedFile(
  ctx: Pick<AppContext, 'fileUrls' | 'storage'>,
  key: string,
  query: { expires: string; sig: string },
  rangeHeader: string | undefined,
): Promise<SignedFile> {
  const maxAge = ctx.fileUrls.check(key, query.expires, query.sig)
  if (maxAge === null) throw new AppError('forbidden')
  const type = fileTypeOfKey(key)
  const found = type ? await ctx.storage.stat(key) : null
  if (!type || !found) throw new AppError('not_found')
  const range = parseByteRange(rangeHeader, found.size)
  return {
    stream: ctx.storage.read(key, range ?? undefined),
    contentType: MIME_BY_TYPE[type],
    disposition: INLINE.has(type) ? 'inline' : 'attachment',
    size: found.size,
    range,
    maxAge,
  }
}
