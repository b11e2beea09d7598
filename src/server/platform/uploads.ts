import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import type { Multipart } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { VIDEO_MAX_BYTES } from '../../domain/constants.ts'
import type { FieldError } from '../../domain/errors.ts'
import { FILE_RULES, type FileKind, megabytes } from '../../domain/files.ts'
import { AppError } from './errors.ts'
import { englishIssue } from './issue-english.ts'
import type { Log } from './logger.ts'
import { discardFiles, FileRejectedError, type FileStorage, type StoredFile } from './storage.ts'

// Multipart requests (docs/decisions.md): the JSON fields travel in one text part named `payload`
// beside the file parts (`image`, `video`). Files are streamed into storage as they arrive (never
// held in memory) and checked by their content and size while streaming (product-rules.md
// "Uploads").

/**
 * The largest `payload` part: the longest texts of product-rules.md "Validation" and 30 taught
 * languages fit easily.
 */
export const PAYLOAD_MAX_BYTES = 256 * 1024

/**
 * Limits of @fastify/multipart (busboy). Each file's own limit is its kind's (FILE_RULES), counted
 * by the storage; busboy's byte more than the largest kind is only a backstop.
 */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: PAYLOAD_MAX_BYTES,
  fields: 2,
  fileSize: VIDEO_MAX_BYTES + 1,
  files: 3,
  parts: 5,
  headerPairs: 20,
}

export type Upload<F extends string> = {
  /**
   * The parsed `payload` part, or the JSON body of a request without files; `{}` when absent.
   * With `fields`, the object of those text parts instead.
   */
  payload: unknown
  files: Partial<Record<F, StoredFile>>
  /** Each stored file's name as the client sent it, and (with `digest`) its bytes' SHA-256. */
  sources: Partial<Record<F, { filename: string; sha256: string | null }>>
}

export type UploadOptions = {
  /**
   * Plain text parts taken instead of one JSON `payload` part (lesson materials send
   * `lesson_id` and `lesson_note_filename` that way); each at most once.
   */
  fields?: readonly string[]
  /** Hash each file while it streams (an Idempotency-Key's request hash covers the bytes). */
  digest?: boolean
}

type UploadContext = { storage: FileStorage; log: Log }

// The client may still be sending the rest of the body: close the connection after the answer
// (as Fastify does when a body parser fails).
const closing = { connection: 'close' }

const fieldError = (
  field: string,
  code: 'invalid' | 'too_long' | 'file_type' | 'file_too_large',
  param = '',
): FieldError => ({
  field,
  message: englishIssue({ code, param }),
  code,
  ...(param ? { param } : {}),
})

/**
 * What a voice sample must be (product-rules.md "Voice sample"), as the field error's allowed type
 * says it.
 */
export const VOICE_SAMPLE_TYPE = 'WAV (PCM, 44 100 Hz, 16 bit, 2 channels, 9.5–10.5 s)'

/**
 * docs/lesson-room-protocol.md §5: a voice sample that is not the WAV of product-rules.md "Voice
 * sample" (by type, size or, checked after storing, its format) is one broken rule, answered 422
 * with a field error.
 */
export const voiceSampleRefused = (field: string) =>
  new AppError('validation_failed', {
    status: 422,
    errors: [fieldError(field, 'file_type', VOICE_SAMPLE_TYPE)],
    headers: closing,
  })

function rejected(field: string, error: FileRejectedError): AppError {
  const rule = FILE_RULES[error.kind]
  if (error.kind === 'voice') return voiceSampleRefused(field)
  return error.reason === 'file_too_large'
    ? new AppError('payload_too_large', {
        errors: [fieldError(field, 'file_too_large', String(megabytes(rule.maxBytes)))],
        headers: closing,
      })
    : new AppError('unsupported_media_type', {
        errors: [fieldError(field, 'file_type', rule.label)],
        headers: closing,
      })
}

const invalidPart = (field: string) =>
  new AppError('validation_failed', { errors: [fieldError(field, 'invalid')], headers: closing })

const keysOf = (files: Partial<Record<string, StoredFile>>) => Object.values(files).map((file) => file?.key)

function parsePayload(value: unknown): unknown {
  if (typeof value !== 'string') return value // sent with `Content-Type: application/json`
  try {
    return JSON.parse(value)
  } catch {
    throw invalidPart('payload')
  }
}

/** A body that is not multipart as promised, or that broke off: the client's fault (400), not ours. */
const malformedBody = () =>
  new AppError('validation_failed', { errors: [fieldError('', 'invalid')], headers: closing })

const isError = (error: unknown, code?: string): error is Error & { code?: unknown } =>
  error instanceof Error && (code === undefined || ('code' in error && error.code === code))

/** The next part; busboy's parse errors (plain errors without a status) become a 400. */
export async function nextPart(parts: AsyncIterator<Multipart>): Promise<Multipart | null> {
  try {
    const next = await parts.next()
    return next.done ? null : next.value
  } catch (error) {
    // A `payload` part declared as application/json that is not JSON (parsed by the plugin).
    if (isError(error, 'FST_INVALID_JSON_FIELD_ERROR')) throw invalidPart('payload')
    // The plugin's own errors carry their status (limits 413, premature close 400).
    if (isError(error) && !('statusCode' in error)) throw malformedBody()
    throw error
  }
}

/** The bytes of `source` as they pass, hashed on the way. */
export function hashing(source: Readable, hash: ReturnType<typeof createHash>): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of source) {
        hash.update(chunk)
        yield chunk
      }
    })(),
    { objectMode: false },
  )
}

async function storeFile(
  ctx: UploadContext,
  field: string,
  kind: FileKind,
  source: Readable,
  hash: ReturnType<typeof createHash> | null,
) {
  try {
    return await ctx.storage.put(hash ? hashing(source, hash) : source, kind)
  } catch (error) {
    if (error instanceof FileRejectedError) throw rejected(field, error)
    // The upload itself broke (busboy's plain errors: a cut or malformed body), unlike a failure
    // to write the file (a system error with a code, which also reaches the source stream).
    const broken = source.errored
    if (broken && !('code' in broken)) throw malformedBody()
    throw error
  }
}

/**
 * Reads a JSON or multipart request: the payload, and each file part of `kinds` stored in
 * storage. Unknown or repeated parts are refused. When reading fails, the files stored so far are
 * deleted before the error goes on.
 */
export async function receiveUpload<F extends string>(
  request: FastifyRequest,
  ctx: UploadContext,
  kinds: Record<F, FileKind>,
  options: UploadOptions = {},
): Promise<Upload<F>> {
  if (!request.isMultipart()) return { payload: request.body ?? {}, files: {}, sources: {} }
  let payload: unknown
  const texts: Record<string, string> = {}
  const files: Partial<Record<F, StoredFile>> = {}
  const sources: Upload<F>['sources'] = {}
  const isKnown = (name: string): name is F => Object.hasOwn(kinds, name)
  const isText = (name: string) => options.fields?.includes(name) === true && !Object.hasOwn(texts, name)
  const parts = request.parts()
  try {
    for (let part = await nextPart(parts); part; part = await nextPart(parts)) {
      if (part.type === 'field') {
        const name = part.fieldname
        const wanted = options.fields ? isText(name) : name === 'payload' && payload === undefined
        if (!wanted) throw invalidPart(name)
        if (part.valueTruncated) {
          const errors = [fieldError(name, 'too_long', String(PAYLOAD_MAX_BYTES))]
          throw new AppError('payload_too_large', { errors, headers: closing })
        }
        if (options.fields) texts[name] = String(part.value)
        else payload = parsePayload(part.value)
        continue
      }
      const name = part.fieldname
      if (!isKnown(name) || files[name]) throw invalidPart(name)
      const kind = kinds[name]
      const hash = options.digest ? createHash('sha256') : null
      files[name] = await storeFile(ctx, name, kind, part.file, hash)
      sources[name] = { filename: part.filename, sha256: hash ? hash.digest('hex') : null }
      // busboy stops at its own limit without an error; the kind's limit is lower, but be sure.
      if (part.file.truncated) throw rejected(name, new FileRejectedError('file_too_large', kind))
    }
  } catch (error) {
    await discardFiles(ctx, keysOf(files))
    throw error
  }
  return { payload: options.fields ? texts : (payload ?? {}), files, sources }
}

/**
 * Receives an upload and runs `handle` with it; if `handle` fails, the stored files are deleted
 * (spec: never an orphan file). `handle` must not fail after its transaction has committed.
 */
export async function withUpload<F extends string, T>(
  request: FastifyRequest,
  ctx: UploadContext,
  kinds: Record<F, FileKind>,
  handle: (upload: Upload<F>) => Promise<T>,
  options: UploadOptions = {},
): Promise<T> {
  const upload = await receiveUpload(request, ctx, kinds, options)
  try {
    return await handle(upload)
  } catch (error) {
    await discardFiles(ctx, keysOf(upload.files))
    throw error
  }
}
