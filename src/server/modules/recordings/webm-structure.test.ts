import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { syntheticWebm, webmChunks } from '../../test-support/webm.ts'
import { webmStructure } from './webm-structure.ts'

// The walk over a recording's bytes that decides how much of them the decoder may read.

async function* sourcesOf(...parts: Buffer[]): AsyncGenerator<Readable> {
  for (const part of parts) yield Readable.from([part])
}

const whole = Buffer.concat([...syntheticWebm({ seconds: 6 })])
/** Where the first cluster begins in the synthetic stream (after the header, Info and Tracks). */
const firstCluster = whole.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]))

describe('webmStructure', () => {
  it('takes the whole of a MediaRecorder-like stream, however it is cut into chunks', async () => {
    expect(await webmStructure(sourcesOf(whole))).toEqual({ length: whole.length, problem: null })
    const chunks = [...webmChunks({ seconds: 6, chunkBytes: 7_777 })]
    expect(await webmStructure(sourcesOf(...chunks))).toEqual({ length: whole.length, problem: null })
  })

  it("takes Chrome's block groups whose additions carry a canvas's alpha", async () => {
    const el = (id: number[], body: Buffer) =>
      Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body])
    const block = el([0xa1], Buffer.from([0x81, 0x00, 0x00, 0x80, 1, 2, 3, 4]))
    const alpha = el(
      [0x75, 0xa1],
      el([0xa6], Buffer.concat([el([0xee], Buffer.from([1])), el([0xa5], Buffer.from([9, 9, 9]))])),
    )
    const cluster = Buffer.concat([
      Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      el([0xe7], Buffer.from([0])),
      el([0xa0], Buffer.concat([block, alpha])),
    ])
    const stream = Buffer.concat([whole.subarray(0, firstCluster), cluster])
    expect(await webmStructure(sourcesOf(stream))).toEqual({ length: stream.length, problem: null })
  })

  it('stops at the last whole element of a stream cut short, with no problem', async () => {
    const cut = whole.subarray(0, whole.length - 1000)
    const found = await webmStructure(sourcesOf(cut))
    expect(found.problem).toBeNull()
    expect(found.length).toBeLessThanOrEqual(cut.length)
    expect(found.length).toBeGreaterThan(cut.length - 3000)
  })

  it('stops at once at random bytes after WebM, and finds none in random bytes', async () => {
    const noise = randomBytes(1024 * 1024)
    noise[0] = 0
    const after = await webmStructure(sourcesOf(whole, noise))
    expect(after).toEqual({ length: whole.length, problem: `no element at byte ${whole.length}` })
    const onlyNoise = await webmStructure(sourcesOf(randomBytes(1024 * 1024)))
    expect(onlyNoise.length).toBe(0)
    expect(onlyNoise.problem).not.toBeNull()
  })

  it('refuses what would trap the decoder: an element of unknown size inside metadata', async () => {
    // Info (0x1549A966) holding a MuxingApp string (0x4D80) whose size is unknown (all ones).
    const info = Buffer.from([
      0x15, 0x49, 0xa9, 0x66, 0x8a, 0x4d, 0x80, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ])
    const header = whole.subarray(0, whole.indexOf(Buffer.from([0x15, 0x49, 0xa9, 0x66])))
    const found = await webmStructure(sourcesOf(header, info, whole.subarray(firstCluster)))
    expect(found).toEqual({
      length: header.length,
      problem: `an element of unknown size at byte ${header.length + 5}`,
    })
  })
})
