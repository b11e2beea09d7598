import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { syntheticCluster, syntheticWebm } from '../../test-support/webm.ts'
import { scanWebm } from './webm-seekable.ts'

// How long a recording is: where its media ends, not where a late last frame would say.

async function* sourcesOf(...parts: Buffer[]): AsyncGenerator<Readable> {
  for (const part of parts) yield Readable.from([part])
}

describe('scanWebm', () => {
  it('gives a steady stream its length to the millisecond', async () => {
    const scan = await scanWebm(sourcesOf(...syntheticWebm({ seconds: 6 })))
    expect(scan?.durationMs).toBe(6000)
  })

  it('ends at the last frame plus a usual frame when the canvas stalled before its last frame', async () => {
    // 4 s of video and sound; a frame at 4 s, then two seconds of sound alone (the canvas drew
    // nothing), and the video's last frame at 6 s, when the recording stopped: one cluster.
    const sound = Array.from({ length: 50 }, (_, i) => ({ track: 2 as const, ms: i * 40 }))
    const stalled = [
      ...syntheticWebm({ seconds: 4 }),
      syntheticCluster(4000, [{ track: 1, ms: 0 }, ...sound, { track: 1, ms: 2000 }]),
    ]
    const scan = await scanWebm(sourcesOf(...stalled))
    // The last frame at 6000 ms lasts one frame of 40 ms, not the 2040 ms gap before it.
    expect(scan?.durationMs).toBe(6040)
  })
})
