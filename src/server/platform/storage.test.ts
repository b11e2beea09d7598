import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PICTURE_MAX_BYTES } from '../../domain/constants.ts'
import { htmlFile, padded, pngFile } from '../test-support/sample-files.ts'
import { storedFiles } from '../test-support/stored-files.ts'
import { createLocalStorage, FileRejectedError, type FileStorage, fileTypeOfKey } from './storage.ts'

let dir: string
let storage: FileStorage
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lk-storage-'))
  storage = createLocalStorage(dir)
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** `bytes` in chunks of `size`, as a network stream delivers them. */
const chunked = (bytes: Buffer, size = 100) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
      bytes.subarray(i * size, (i + 1) * size),
    ),
  )

describe('local file storage', () => {
  it('stores under a random key named by the sniffed type, and reads it back', async () => {
    const png = pngFile(40)
    const stored = await storage.put(chunked(png), 'picture')
    expect(stored).toEqual({
      key: expect.stringMatching(/^[0-9a-f-]{36}\.png$/),
      type: 'png',
      size: png.length,
    })
    expect(await storage.stat(stored.key)).toEqual({ size: png.length })
    expect(await storage.exists(stored.key)).toBe(true)
    const chunks: Buffer[] = []
    for await (const chunk of storage.read(stored.key)) chunks.push(Buffer.from(chunk))
    expect(Buffer.concat(chunks).equals(png)).toBe(true)
    expect(await text(storage.read(stored.key, { start: 1, end: 3 }))).toBe('PNG')
    expect(await storedFiles(dir)).toEqual({ files: [stored.key], temporary: [] })
  })

  it('stores a file shorter than the sniffed head', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('a;b\n1;2\n')]), 'material')
    expect(stored.type).toBe('csv')
  })

  it.each([
    ['a file of another type', htmlFile(), 'file_type'],
    ['an empty file', Buffer.alloc(0), 'file_type'],
    ['one byte over the limit', padded(pngFile(), PICTURE_MAX_BYTES + 1), 'file_too_large'],
  ])('refuses %s and keeps nothing', async (_name, bytes, reason) => {
    const refusal = storage.put(chunked(bytes, 64 * 1024), 'picture')
    await expect(refusal).rejects.toBeInstanceOf(FileRejectedError)
    await expect(refusal).rejects.toMatchObject({ reason, kind: 'picture' })
    expect(await storedFiles(dir)).toEqual({ files: [], temporary: [] })
  })

  it('keeps nothing when the upload breaks off', async () => {
    const broken = new Readable({
      read() {
        this.push(pngFile())
        this.destroy(new Error('connection reset'))
      },
    })
    await expect(storage.put(broken, 'picture')).rejects.toThrow('connection reset')
    expect(await storedFiles(dir)).toEqual({ files: [], temporary: [] })
  })

  it('accepts exactly the limit', async () => {
    const stored = await storage.put(chunked(padded(pngFile(), PICTURE_MAX_BYTES), 64 * 1024), 'picture')
    expect(stored.size).toBe(PICTURE_MAX_BYTES)
  })

  it('deletes, and treats anything but its own keys as no file', async () => {
    const { key } = await storage.put(Readable.from([pngFile()]), 'picture')
    await storage.delete(key)
    await storage.delete(key)
    expect(await storage.exists(key)).toBe(false)
    for (const bad of ['../secret.png', '.tmp', 'x.png', `${key}/..`, key.replace('.png', '.exe')]) {
      expect(fileTypeOfKey(bad)).toBeNull()
      expect(await storage.stat(bad)).toBeNull()
      await storage.delete(bad)
    }
  })
})
