import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { buffer, text } from 'node:stream/consumers'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MATERIAL_MAX_BYTES, PICTURE_MAX_BYTES } from '../../domain/constants.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { createUser } from '../test-support/fixtures.ts'
import { startS3StandIn } from '../test-support/s3-server.ts'
import { htmlFile, mp4File, padded, pdfFile, pdfOfSize, pngFile } from '../test-support/sample-files.ts'
import { storedFiles } from '../test-support/stored-files.ts'
import { ORPHAN_AGE_MS, sweepOrphanFiles } from './file-sweep.ts'
import { createLocalStorage, FileRejectedError, type FileStorage } from './storage.ts'
import { createS3Storage } from './storage-s3.ts'

// The storage contract: put, refused put, stat, ranged read, delete, list and the orphan sweep, the
// same for the local disk and for an S3-compatible bucket. The bucket is s3rver's
// (test-support/s3-server.ts): a stand-in for the outside store, on 127.0.0.1.

type Subject = {
  storage: FileStorage
  /** Every object or file the store holds, finished or not. */
  leftovers(): Promise<string[]>
  close(): Promise<void>
}

async function localSubject(): Promise<Subject> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lk-contract-'))
  const storage = createLocalStorage(dir)
  return {
    storage,
    leftovers: async () => {
      const { files, temporary } = await storedFiles(dir)
      return [...files, ...temporary]
    },
    close: () => rm(dir, { recursive: true, force: true }),
  }
}

async function s3Subject(): Promise<Subject> {
  const s3 = await startS3StandIn()
  const storage = createS3Storage(s3.config)
  return {
    storage,
    leftovers: async () => {
      const keys: string[] = []
      for await (const file of storage.list()) keys.push(file.key)
      return keys
    },
    close: () => s3.close(),
  }
}

/** `bytes` in chunks of `size`, as a network stream delivers them. */
const chunked = (bytes: Buffer, size = 64 * 1024) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
      bytes.subarray(i * size, (i + 1) * size),
    ),
  )

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

describe.each([
  ['the local disk', localSubject],
  ['an S3-compatible bucket', s3Subject],
])('file storage on %s', (_name, open) => {
  let subject: Subject
  let storage: FileStorage
  beforeAll(async () => {
    subject = await open()
    storage = subject.storage
  })
  afterAll(() => subject.close())
  beforeEach(async () => {
    for (const key of await subject.leftovers()) await storage.delete(key)
  })

  it('stores under a random key named by the sniffed type; stats, reads ranges, lists and deletes', async () => {
    const png = pngFile(40)
    const stored = await storage.put(chunked(png, 100), 'picture')
    expect(stored).toEqual({
      key: expect.stringMatching(/^[0-9a-f-]{36}\.png$/),
      type: 'png',
      size: png.length,
    })
    expect(await storage.stat(stored.key)).toEqual({ size: png.length })
    expect(await storage.exists(stored.key)).toBe(true)
    expect((await buffer(storage.read(stored.key))).equals(png)).toBe(true)
    expect(await text(storage.read(stored.key, { start: 1, end: 3 }))).toBe('PNG')
    const listed: { key: string; modifiedAt: number }[] = []
    for await (const file of storage.list()) listed.push(file)
    expect(listed).toEqual([{ key: stored.key, modifiedAt: expect.any(Number) }])
    // wall clock: a file's modification time is the file system's
    expect(Math.abs((listed[0]?.modifiedAt ?? 0) - Date.now())).toBeLessThan(10 * 60_000)
    await storage.delete(stored.key)
    await storage.delete(stored.key)
    expect(await storage.stat(stored.key)).toBeNull()
    expect(await subject.leftovers()).toEqual([])
  })

  it('stores a file larger than one multipart part whole', async () => {
    const video = mp4File(12 * 1024 * 1024)
    const stored = await storage.put(chunked(video), 'video')
    expect(stored.size).toBe(video.length)
    const middle = await buffer(storage.read(stored.key, { start: 6_000_000, end: 6_000_099 }))
    expect(middle.equals(video.subarray(6_000_000, 6_000_100))).toBe(true)
  })

  it.each([
    ['a file of another type', htmlFile(), 'picture', 'file_type'],
    ['an empty file', Buffer.alloc(0), 'picture', 'file_type'],
    ['one byte over the limit', padded(pngFile(), PICTURE_MAX_BYTES + 1), 'picture', 'file_too_large'],
    ['a material over the limit', padded(pdfFile(), MATERIAL_MAX_BYTES + 1), 'material', 'file_too_large'],
    // Refused only at its end (no %%EOF): a part of the upload has gone to the store by then.
    ['a small PDF cut short', pdfFile().subarray(0, -8), 'material', 'file_type'],
    ['a large PDF cut short', pdfOfSize(7 * 1024 * 1024).subarray(0, -8), 'material', 'file_type'],
  ] as const)('refuses %s and keeps nothing', async (_case, bytes, kind, reason) => {
    const refusal = storage.put(chunked(bytes), kind)
    await expect(refusal).rejects.toBeInstanceOf(FileRejectedError)
    await expect(refusal).rejects.toMatchObject({ reason, kind })
    expect(await subject.leftovers()).toEqual([])
  })

  it('keeps nothing when the upload breaks off', async () => {
    const broken = new Readable({
      read() {
        this.push(padded(pngFile(), 200_000))
        this.destroy(new Error('connection reset'))
      },
    })
    await expect(storage.put(broken, 'picture')).rejects.toThrow('connection reset')
    expect(await subject.leftovers()).toEqual([])
  })

  it('treats anything but its own keys as no file', async () => {
    for (const bad of ['../secret.png', '.tmp', 'x.png', 'README']) {
      expect(await storage.stat(bad)).toBeNull()
      await storage.delete(bad)
    }
  })

  it('is reachable', async () => {
    await expect(storage.reachable()).resolves.toBeUndefined()
  })

  it('is swept of old files no row names, keeping the named ones', async () => {
    const named = await storage.put(Readable.from([pngFile(20)]), 'picture')
    await createUser(t.database.db, { imageKey: named.key })
    await storage.put(Readable.from([pngFile(24)]), 'picture')
    const silent = { info: () => {}, error: () => {} }
    const sweep = (now: number) => sweepOrphanFiles({ db: t.database.db, storage, log: silent }, now)
    // Both are recent: nothing goes yet.
    // wall clock: a file's modification time is the file system's
    expect(await sweep(Date.now())).toEqual({ removed: 0 })
    // wall clock: a file's modification time is the file system's
    const later = Date.now() + ORPHAN_AGE_MS + 60_000
    expect(await sweep(later)).toEqual({ removed: 1 })
    expect(await subject.leftovers()).toEqual([named.key])
    expect(await sweep(later)).toEqual({ removed: 0 })
  })
})
