// A WebM stream shaped like Chrome's MediaRecorder output: EBML header, a Segment
// and Clusters of unknown size, no Duration, no Cues; a VP8 video track and an Opus audio track
// whose frames are random bytes. Generated piece by piece, so a test can make 45 minutes of it
// without holding it.

const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])

function sizeVint(n: number): Buffer {
  if (n < 0x7f) return Buffer.from([0x80 | n])
  if (n < 0x3fff) return Buffer.from([0x40 | (n >> 8), n & 0xff])
  if (n < 0x1fffff) return Buffer.from([0x20 | (n >> 16), (n >> 8) & 0xff, n & 0xff])
  return Buffer.from([0x10 | (n >>> 24), (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff])
}

const element = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), sizeVint(data.length), data])
const master = (id: number[], ...children: Buffer[]) => element(id, Buffer.concat(children))

function uint(id: number[], value: number): Buffer {
  const bytes: number[] = []
  for (let v = value; v > 0 || bytes.length === 0; v = Math.floor(v / 256)) bytes.unshift(v % 256)
  return element(id, Buffer.from(bytes))
}
const str = (id: number[], value: string) => element(id, Buffer.from(value))
function float(id: number[], value: number): Buffer {
  const data = Buffer.alloc(8)
  data.writeDoubleBE(value)
  return element(id, data)
}

function header(): Buffer {
  const ebml = master(
    [0x1a, 0x45, 0xdf, 0xa3],
    uint([0x42, 0x86], 1),
    uint([0x42, 0xf7], 1),
    uint([0x42, 0xf2], 4),
    uint([0x42, 0xf3], 8),
    str([0x42, 0x82], 'webm'),
    uint([0x42, 0x87], 4),
    uint([0x42, 0x85], 2),
  )
  const info = master(
    [0x15, 0x49, 0xa9, 0x66],
    uint([0x2a, 0xd7, 0xb1], 1_000_000),
    str([0x4d, 0x80], 'Chrome'),
    str([0x57, 0x41], 'Chrome'),
  )
  const video = master(
    [0xae],
    uint([0xd7], 1),
    uint([0x73, 0xc5], 1),
    uint([0x83], 1),
    str([0x86], 'V_VP8'),
    master([0xe0], uint([0xb0], 320), uint([0xba], 240)),
  )
  const audio = master(
    [0xae],
    uint([0xd7], 2),
    uint([0x73, 0xc5], 2),
    uint([0x83], 2),
    str([0x86], 'A_OPUS'),
    master([0xe1], float([0xb5], 48_000), uint([0x9f], 1)),
  )
  const tracks = master([0x16, 0x54, 0xae, 0x6b], video, audio)
  return Buffer.concat([ebml, Buffer.from([0x18, 0x53, 0x80, 0x67]), UNKNOWN_SIZE, info, tracks])
}

function simpleBlock(track: number, relativeMs: number, keyframe: boolean, bytes: number): Buffer {
  const head = Buffer.alloc(4)
  head[0] = 0x80 | track
  head.writeInt16BE(relativeMs, 1)
  head[3] = keyframe ? 0x80 : 0
  const frame = Buffer.alloc(bytes)
  for (let i = 0; i < bytes; i += 97) frame[i] = (i * 31 + relativeMs) & 0xff
  return element([0xa3], Buffer.concat([head, frame]))
}

export type SyntheticWebm = { seconds: number; fps?: number; frameBytes?: number; clusterMs?: number }

/** The recording as MediaRecorder would stream it, one cluster at a time. */
export function* syntheticWebm({
  seconds,
  fps = 25,
  frameBytes = 2000,
  clusterMs = 2000,
}: SyntheticWebm): Generator<Buffer> {
  yield header()
  const frameMs = 1000 / fps
  for (let start = 0; start < seconds * 1000; start += clusterMs) {
    const blocks: Buffer[] = [uint([0xe7], start)]
    for (let t = 0; t < clusterMs && start + t < seconds * 1000; t += frameMs) {
      blocks.push(simpleBlock(1, Math.round(t), t === 0, frameBytes))
      blocks.push(simpleBlock(2, Math.round(t), true, 80))
    }
    yield Buffer.concat([Buffer.from([0x1f, 0x43, 0xb6, 0x75]), UNKNOWN_SIZE, ...blocks])
  }
}

/** One more cluster at `startMs`, holding a block of `track` (1 video, 2 audio) at each of `blocks`' times (ms from it). */
export function syntheticCluster(startMs: number, blocks: { track: 1 | 2; ms: number }[]): Buffer {
  const body = blocks.map(({ track, ms }) => simpleBlock(track, ms, track === 2, track === 1 ? 2000 : 80))
  return Buffer.concat([Buffer.from([0x1f, 0x43, 0xb6, 0x75]), UNKNOWN_SIZE, uint([0xe7], startMs), ...body])
}

/** The same stream cut into chunks of `chunkBytes`, as a timeslice of MediaRecorder cuts it anywhere. */
export function* webmChunks(options: SyntheticWebm & { chunkBytes: number }): Generator<Buffer> {
  let pending: Buffer[] = []
  let size = 0
  for (const piece of syntheticWebm(options)) {
    pending.push(piece)
    size += piece.length
    while (size >= options.chunkBytes) {
      const all = Buffer.concat(pending)
      yield all.subarray(0, options.chunkBytes)
      pending = [all.subarray(options.chunkBytes)]
      size = all.length - options.chunkBytes
    }
  }
  if (size > 0) yield Buffer.concat(pending)
}
