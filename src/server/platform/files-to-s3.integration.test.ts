import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runOps } from '../cli/ops.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { type S3StandIn, startS3StandIn } from '../test-support/s3-server.ts'
import { mp4File, pdfFile, pngFile } from '../test-support/sample-files.ts'
import { createLocalStorage, filesDir } from './storage.ts'
import { createS3Storage } from './storage-s3.ts'

// `npm run ops -- files-to-s3`: a disk store copied into the bucket under the same
// keys, resumably. The bucket is s3rver's, a stand-in for the outside store (test-support/s3-server.ts).

let t: TestApp
let s3: S3StandIn
let dataDir: string
beforeAll(async () => {
  t = await buildTestApp()
  s3 = await startS3StandIn()
  dataDir = await mkdtemp(path.join(tmpdir(), 'lk-to-s3-'))
})
afterAll(async () => {
  await t.close()
  await s3.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function ops(argv: string[], env: Record<string, string>) {
  const out: string[] = []
  const code = await runOps(
    argv,
    { LOG_LEVEL: 'silent', ...t.databaseEnv, ...env },
    {
      log: (s) => out.push(s),
      error: (s) => out.push(s),
    },
  )
  return { code, out: out.join('\n') }
}

describe('files-to-s3', () => {
  it('copies every file under its key, and a second run (as after a break) copies only what is missing', async () => {
    const disk = createLocalStorage(filesDir(dataDir))
    const kinds = [
      [pngFile(30), 'picture'],
      [pdfFile(), 'material'],
      [mp4File(6 * 1024 * 1024), 'video'],
    ] as const
    const files = kinds.map(([bytes]) => bytes)
    const stored = []
    for (const [bytes, kind] of kinds) stored.push(await disk.put(Readable.from([bytes]), kind))
    const bucket = createS3Storage(s3.config)
    // What a run that broke off left: one file copied, one cut short.
    const [first, second] = stored
    if (!first || !second) throw new Error('nothing stored')
    await bucket.copyIn(first.key, disk.read(first.key), first.size)
    await bucket.copyIn(second.key, Readable.from([Buffer.from('%PDF-1.4 cut')]), 12)

    const env = { DATA_DIR: dataDir, ...s3.env }
    const run = await ops(['files-to-s3'], env)
    expect(run.code, run.out).toBe(0)
    expect(run.out).toMatch(/Copied 2 file\(s\) .* 1 were there already\./)
    for (const [i, file] of stored.entries()) {
      expect((await buffer(bucket.read(file.key))).equals(files[i] ?? Buffer.alloc(0))).toBe(true)
    }
    const again = await ops(['files-to-s3'], env)
    expect(again.out).toMatch(/Copied 0 file\(s\) .* 3 were there already\./)
  })

  it('refuses to run without S3 configured', async () => {
    const run = await ops(['files-to-s3'], { DATA_DIR: dataDir })
    expect(run.code).toBe(1)
    expect(run.out).toMatch('S3 is not configured')
  })
})
