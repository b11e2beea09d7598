// A lesson's audio track cut into files a transcription API accepts (docs/decisions.md "Long audio
// is cut at its quiet moments"): the WebM MediaRecorder wrote is read for its blocks (each an Opus
// packet, each decodable alone), and a part ends where the speech pauses. Opus spends few bytes on
// silence, so the quietest second is the one with the fewest bytes, found without decoding.

const EBML = 0x1a45dfa3
const SEGMENT = 0x18538067
const INFO = 0x1549a966
const TRACKS = 0x1654ae6b
const CLUSTER = 0x1f43b675
const TIMECODE = 0xe7
const SIMPLE_BLOCK = 0xa3
const BLOCK_GROUP = 0xa0
const BLOCK = 0xa1
const TIMECODE_SCALE = 0x2ad7b1

const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
/** A cluster's id, its 8-byte size and its timecode (at most 8 bytes), as written here. */
const CLUSTER_OVERHEAD = 4 + 8 + 1 + 1 + 8
/** The quiet moment is sought over a second of audio. */
const QUIET_WINDOW_MS = 1000

export type AudioBlock = {
  /** The block's time in the file, in the file's ticks. */
  tick: number
  /** The whole element (SimpleBlock or BlockGroup) as written. */
  element: Buffer
  /** Where, in `element`, the block's 16-bit relative timecode is. */
  timecodeAt: number
}

export type WebmAudio = {
  /** The EBML header, Info and Tracks: what every part starts with. */
  head: Buffer
  /** Nanoseconds per tick. */
  tickNs: number
  blocks: AudioBlock[]
}

/** A part to transcribe, and where in the whole track it starts (seconds). */
export type AudioPart = { bytes: Buffer; offsetSeconds: number }

type Header = { id: number; size: number | null; body: number }

const vintLength = (first: number) => (first === 0 ? 9 : Math.clz32(first) - 23)

function readHeader(bytes: Buffer, at: number): Header | null {
  const idLength = vintLength(bytes[at] ?? 0)
  if (idLength > 4 || at + idLength >= bytes.length) return null
  const sizeLength = vintLength(bytes[at + idLength] ?? 0)
  if (sizeLength > 8 || at + idLength + sizeLength > bytes.length) return null
  const marker = 0xff >> sizeLength
  let size = (bytes[at + idLength] ?? 0) & marker
  let unknown = size === marker
  for (const byte of bytes.subarray(at + idLength + 1, at + idLength + sizeLength)) {
    size = size * 256 + byte
    unknown &&= byte === 0xff
  }
  return { id: bytes.readUIntBE(at, idLength), size: unknown ? null : size, body: at + idLength + sizeLength }
}

const uintOf = (bytes: Buffer) => bytes.reduce((value, byte) => value * 256 + byte, 0)

/** The TimecodeScale of an Info element's body (1 ms when absent). */
function tickNsOf(info: Buffer): number {
  for (let at = 0; at < info.length; ) {
    const header = readHeader(info, at)
    if (!header || header.size === null) break
    if (header.id === TIMECODE_SCALE) return uintOf(info.subarray(header.body, header.body + header.size))
    at = header.body + header.size
  }
  return 1_000_000
}

/** Where a block's relative timecode is, in a SimpleBlock's or a Block's body starting at `body`. */
const timecodeAfterTrack = (bytes: Buffer, body: number) => body + vintLength(bytes[body] ?? 0)

/** A block group's Block body, or null. */
function blockBodyIn(bytes: Buffer, from: number, end: number): number | null {
  for (let at = from; at < end; ) {
    const header = readHeader(bytes, at)
    if (!header || header.size === null) return null
    if (header.id === BLOCK) return header.body
    at = header.body + header.size
  }
  return null
}

/** The audio's head and blocks, or null when it is not the WebM MediaRecorder writes. */
export function readWebmAudio(bytes: Buffer): WebmAudio | null {
  const ebml = readHeader(bytes, 0)
  if (ebml?.id !== EBML || ebml.size === null) return null
  const segment = readHeader(bytes, ebml.body + ebml.size)
  if (segment?.id !== SEGMENT) return null
  const segmentEnd =
    segment.size === null ? bytes.length : Math.min(bytes.length, segment.body + segment.size)
  const head: Buffer[] = [
    bytes.subarray(0, ebml.body + ebml.size),
    Buffer.from([0x18, 0x53, 0x80, 0x67]),
    UNKNOWN_SIZE,
  ]
  let tickNs = 1_000_000
  const blocks: AudioBlock[] = []
  let clusterTick = 0
  let at = segment.body
  while (at < segmentEnd) {
    const header = readHeader(bytes, at)
    if (!header) break
    // A cluster (often of unknown size) is walked into: its children follow at this level.
    if (header.id === CLUSTER) {
      at = header.body
      continue
    }
    if (header.size === null || header.body + header.size > segmentEnd) break
    const end = header.body + header.size
    if (header.id === INFO) tickNs = tickNsOf(bytes.subarray(header.body, end))
    if (header.id === INFO || header.id === TRACKS) head.push(bytes.subarray(at, end))
    if (header.id === TIMECODE) clusterTick = uintOf(bytes.subarray(header.body, end))
    const body = header.id === BLOCK_GROUP ? blockBodyIn(bytes, header.body, end) : header.body
    if ((header.id === SIMPLE_BLOCK || header.id === BLOCK_GROUP) && body !== null) {
      const timecode = timecodeAfterTrack(bytes, body)
      if (timecode + 2 > end) break
      blocks.push({
        tick: clusterTick + bytes.readInt16BE(timecode),
        element: bytes.subarray(at, end),
        timecodeAt: timecode - at,
      })
    }
    at = end
  }
  return blocks.length > 0 ? { head: Buffer.concat(head), tickNs, blocks } : null
}

function sizeVint8(n: number): Buffer {
  const bytes = Buffer.alloc(8)
  bytes.writeUIntBE(n, 2, 6)
  bytes[0] = 0x01
  return bytes
}

function uintElement(id: number, value: number): Buffer {
  const data: number[] = []
  for (let v = value; v > 0 || data.length === 0; v = Math.floor(v / 256)) data.unshift(v % 256)
  return Buffer.concat([Buffer.from([id, 0x80 | data.length]), Buffer.from(data)])
}

/** The blocks as a WebM of their own whose time starts at 0 (clusters within a 16-bit timecode). */
function writePart(audio: WebmAudio, blocks: AudioBlock[], clusterTicks: number): Buffer {
  const first = blocks[0]?.tick ?? 0
  const out: Buffer[] = [audio.head]
  let cluster: Buffer[] = []
  let clusterStart = 0
  const close = () => {
    if (cluster.length === 0) return
    const body = Buffer.concat([uintElement(TIMECODE, clusterStart), ...cluster])
    out.push(Buffer.from([0x1f, 0x43, 0xb6, 0x75]), sizeVint8(body.length), body)
    cluster = []
  }
  for (const block of blocks) {
    const tick = block.tick - first
    if (cluster.length === 0 || tick - clusterStart >= clusterTicks) {
      close()
      clusterStart = tick
    }
    const element = Buffer.from(block.element)
    element.writeInt16BE(tick - clusterStart, block.timecodeAt)
    cluster.push(element)
  }
  close()
  return Buffer.concat(out)
}

/** Of blocks `from`..`to` (exclusive), the one at the middle of the quietest second. */
function quietestCut(audio: WebmAudio, from: number, to: number): number {
  const { blocks } = audio
  const windowTicks = (QUIET_WINDOW_MS * 1_000_000) / audio.tickNs
  const startTick = blocks[from]?.tick ?? 0
  const endTick = blocks[to - 1]?.tick ?? startTick
  // Sought in the part's later half, so each part keeps at least half of what fits.
  const soughtFrom = startTick + (endTick - startTick) / 2
  let best = to
  let bestRate = Number.POSITIVE_INFINITY
  let low = from
  let high = from
  let bytes = 0
  for (let i = from + 1; i < to; i++) {
    const tick = blocks[i]?.tick ?? 0
    while (high < to && (blocks[high]?.tick ?? 0) < tick + windowTicks / 2)
      bytes += blocks[high++]?.element.length ?? 0
    while (low < high && (blocks[low]?.tick ?? 0) < tick - windowTicks / 2)
      bytes -= blocks[low++]?.element.length ?? 0
    if (tick < soughtFrom) continue
    const rate = bytes / Math.max(1, high - low)
    if (rate < bestRate) {
      bestRate = rate
      best = i
    }
  }
  return best
}

/**
 * The audio cut into WebM files of at most `maxBytes` each, every cut at a quiet moment; the whole
 * file when it fits. Null when it does not fit and is not WebM audio to cut, or a block alone does
 * not fit.
 */
export function splitAudio(bytes: Buffer, maxBytes: number): AudioPart[] | null {
  if (bytes.length <= maxBytes) return [{ bytes, offsetSeconds: 0 }]
  const audio = readWebmAudio(bytes)
  if (!audio) return null
  const { blocks, tickNs } = audio
  const clusterTicks = Math.max(1, Math.min(32_000, Math.floor(30e9 / tickNs)))
  const origin = blocks[0]?.tick ?? 0
  const parts: AudioPart[] = []
  for (let from = 0; from < blocks.length; ) {
    let size = audio.head.length
    let to = from
    let clusterStart = Number.NEGATIVE_INFINITY
    for (; to < blocks.length; to++) {
      const block = blocks[to]
      if (!block) break
      const opensCluster = block.tick - clusterStart >= clusterTicks
      const more = block.element.length + (opensCluster ? CLUSTER_OVERHEAD : 0)
      if (size + more > maxBytes) break
      size += more
      if (opensCluster) clusterStart = block.tick
    }
    if (to === from) return null
    const end = to < blocks.length ? quietestCut(audio, from, to) : to
    const first = blocks[from]?.tick ?? 0
    parts.push({
      bytes: writePart(audio, blocks.slice(from, end), clusterTicks),
      offsetSeconds: ((first - origin) * tickNs) / 1e9,
    })
    from = end
  }
  return parts
}
