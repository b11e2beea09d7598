import { randomUUID } from 'node:crypto'
import { constants, createReadStream, createWriteStream } from 'node:fs'
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  checkFile,
  EXTENSION_BY_TYPE,
  FILE_RULES,
  type FileKind,
  type FileType,
  SNIFF_BYTES,
  typeOfExtension,
} from '../../domain/files.ts'
import { CONTENT_CHECK_BYTES, checkedType, endsAsItShould, TAIL_BYTES } from './file-content.ts'
import type { Log } from './logger.ts'
import { syncDir } from './sync-dir.ts'

// architecture.md "Data": every file (pictures, videos, materials, recordings) goes through this
// interface: on the local disk (the default, below) or in an S3-compatible bucket (storage-s3.ts:
// `put` as a multipart upload that is aborted on a refusal, `read` as a ranged GET,
// `list` as a listing with LastModified).
//
// Durability (docs/decisions.md "Files survive a power cut"): `put` returns only once the file
// and its name are on disk (the file fsynced, renamed into place, the directory fsynced), so the
// row that names it, committed afterwards, never points at nothing after a power cut. A crash
// between the two leaves a file without a row: file-sweep.ts collects those.

export type StoredFile = { key: string; type: FileType; size: number }
export type ByteRange = { start: number; end: number }

export interface FileStorage {
  /**
   * Streams `source` under a new random key whose extension is the sniffed type (product-rules.md
   * "Uploads": the content decides, never the name). The kind's size limit is enforced while
   * streaming. On a refusal it throws FileRejectedError; whatever happens, nothing partial is kept.
   */
  put(source: Readable, kind: FileKind): Promise<StoredFile>
  /** The size of a stored file, or null when there is none under `key`. */
  stat(key: string): Promise<{ size: number } | null>
  exists(key: string): Promise<boolean>
  /** The bytes of a file that `stat` found (all of them, or the inclusive `range`). */
  read(key: string, range?: ByteRange): Readable
  /** Removes a file; a missing one is not an error. */
  delete(key: string): Promise<void>
  /** Every stored file with when it was last written (ms since the epoch). */
  list(): AsyncIterable<{ key: string; modifiedAt: number }>
  /** Removes uploads that broke off (a crash mid-way) last written before `before`; returns how many. */
  removeAbandoned(before: number): Promise<number>
  /** Throws when the store cannot be reached (readiness). */
  reachable(): Promise<void>
}

/** Why an upload was refused (product-rules.md "Uploads"). */
export class FileRejectedError extends Error {
  readonly reason: 'file_type' | 'file_too_large'
  readonly kind: FileKind
  constructor(reason: 'file_type' | 'file_too_large', kind: FileKind) {
    super(`${kind} refused: ${reason}`)
    this.reason = reason
    this.kind = kind
  }
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.([a-z0-9]{2,5})$/

/** The type of a well-formed storage key (`<uuid>.<extension>`), or null for anything else. */
export function fileTypeOfKey(key: string): FileType | null {
  const extension = KEY.exec(key)?.[1]
  return extension ? typeOfExtension(extension) : null
}

/**
 * Passes a file through while counting its bytes and checking its content: more than the kind's
 * limit, or a head of a type the kind does not allow (the shared first look, after SNIFF_BYTES),
 * fails the stream at once. The content check (file-content.ts) then reads the first
 * CONTENT_CHECK_BYTES, which are held back until it has decided, and the end of the file.
 * `admitted()` tells what went through once the stream has ended.
 */
export function admission(kind: FileKind) {
  const { maxBytes } = FILE_RULES[kind]
  let size = 0
  let looked: FileType | null = null
  let type: FileType | null = null
  let held: Buffer[] = []
  let heldBytes = 0
  let tail = Buffer.alloc(0)
  const refused = (reason: 'file_type' | 'file_too_large' = 'file_type') =>
    new FileRejectedError(reason, kind)

  /** The first look, as soon as SNIFF_BYTES have come (or the file ended): refuses early. */
  const lookAtHead = (final: boolean): FileRejectedError | undefined => {
    if (looked || (!final && heldBytes < SNIFF_BYTES)) return undefined
    const check = checkFile(kind, Buffer.concat(held).subarray(0, SNIFF_BYTES), size)
    if (!check.ok) return refused(check.reason)
    looked = check.type
    return undefined
  }
  /** The content check, once CONTENT_CHECK_BYTES have come (or the file ended): releases them. */
  const checkContent = async (final: boolean): Promise<FileRejectedError | Buffer | undefined> => {
    if (!looked || (!final && heldBytes < CONTENT_CHECK_BYTES)) return undefined
    const head = Buffer.concat(held)
    const checked = await checkedType(looked, head.subarray(0, CONTENT_CHECK_BYTES))
    if (!checked) return refused()
    type = checked
    held = []
    heldBytes = 0
    return head
  }
  const keepTail = (chunk: Buffer) => {
    tail =
      chunk.length >= TAIL_BYTES
        ? Buffer.from(chunk.subarray(-TAIL_BYTES))
        : Buffer.concat([tail, chunk]).subarray(-TAIL_BYTES)
  }
  const judge = async (final: boolean) => lookAtHead(final) ?? (await checkContent(final))

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length
      if (size > maxBytes) return callback(refused('file_too_large'))
      keepTail(chunk)
      if (type) return callback(null, chunk)
      held.push(chunk)
      heldBytes += chunk.length
      judge(false).then(
        (verdict) => (verdict instanceof Error ? callback(verdict) : callback(null, verdict)),
        callback,
      )
    },
    flush(callback) {
      const end = (verdict: FileRejectedError | Buffer | undefined) => {
        if (verdict instanceof Error) return callback(verdict)
        if (verdict) this.push(verdict)
        if (!type || !endsAsItShould(type, tail)) return callback(refused())
        callback()
      }
      if (type) return end(undefined)
      judge(true).then(end, callback)
    },
  })
  return { stream, admitted: () => (type ? { type, size } : null) }
}

/** Where the local storage keeps its files. */
export const filesDir = (dataDir: string) => path.join(dataDir, 'files')

/** Creates `root/.tmp` (and `root`) once, each made durable in its parent. */
async function prepare(root: string, tmpDir: string): Promise<void> {
  await mkdir(tmpDir, { recursive: true, mode: 0o700 })
  await syncDir(path.dirname(root))
  await syncDir(root)
}

const isMissing = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'ENOENT'

/** Files under `root` (`<DATA_DIR>/files`), written to `root/.tmp` first and renamed when whole. */
export function createLocalStorage(root: string): FileStorage {
  const tmpDir = path.join(root, '.tmp')
  let ready: Promise<void> | undefined
  const fileOf = (key: string) => {
    if (!fileTypeOfKey(key)) throw new Error(`not a storage key: ${key}`)
    return path.join(root, key)
  }

  const statFile = async (key: string) => {
    if (!fileTypeOfKey(key)) return null
    try {
      const info = await stat(fileOf(key))
      return info.isFile() ? { size: info.size } : null
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  const names = async (dir: string) =>
    readdir(dir).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)))

  return {
    async put(source, kind) {
      ready ??= prepare(root, tmpDir)
      await ready
      const id = randomUUID()
      const tmp = path.join(tmpDir, `${id}.part`)
      const gate = admission(kind)
      try {
        // flush: the bytes are fsynced before the stream closes.
        await pipeline(source, gate.stream, createWriteStream(tmp, { mode: 0o600, flush: true }))
        const file = gate.admitted()
        if (!file) throw new FileRejectedError('file_type', kind)
        const key = `${id}.${EXTENSION_BY_TYPE[file.type]}`
        await rename(tmp, path.join(root, key))
        await syncDir(root)
        return { key, ...file }
      } catch (error) {
        await rm(tmp, { force: true })
        throw error
      }
    },
    stat: statFile,
    exists: async (key) => (await statFile(key)) !== null,
    read: (key, range) => createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {}),
    async delete(key) {
      if (fileTypeOfKey(key)) await rm(fileOf(key), { force: true })
    },
    async *list() {
      for (const key of await names(root)) {
        if (!fileTypeOfKey(key)) continue
        const info = await stat(fileOf(key)).catch(() => null)
        if (info?.isFile()) yield { key, modifiedAt: info.mtimeMs }
      }
    },
    async removeAbandoned(before) {
      let removed = 0
      for (const name of await names(tmpDir)) {
        const file = path.join(tmpDir, name)
        const info = await stat(file).catch(() => null)
        if (!name.endsWith('.part') || !info || info.mtimeMs >= before) continue
        await rm(file, { force: true })
        removed++
      }
      return removed
    },
    async reachable() {
      await mkdir(tmpDir, { recursive: true, mode: 0o700 })
      await access(tmpDir, constants.W_OK)
    },
  }
}

/**
 * Deletes files no record points to (an upload whose request failed, a replaced picture). A
 * failure only leaves an orphan behind, so it is logged rather than failing the request.
 */
export async function discardFiles(
  ctx: { storage: FileStorage; log: Log },
  keys: readonly (string | null | undefined)[],
): Promise<void> {
  for (const key of keys) {
    if (!key) continue
    await ctx.storage
      .delete(key)
      .catch((err: unknown) => ctx.log.error({ err, key }, 'could not delete a file'))
  }
}
