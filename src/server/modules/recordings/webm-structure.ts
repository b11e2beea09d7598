import type { Readable } from 'node:stream'

// How much of a recording's bytes is WebM as MediaRecorder writes it, read before anything decodes
// it: only the elements' ids and sizes are looked at, and element bodies are skipped, so random
// bytes stop the walk at once instead of feeding a decoder for minutes (docs/decisions.md
// "A recording that cannot be decoded ends"). The walk knows the EBML header, the Segment, its
// metadata (bounded in size), and Clusters of blocks; only a Segment and a Cluster may leave their
// size unknown (MediaRecorder writes them so). What follows the last whole element that fits is cut.

export type WebmStructure = {
  /** Bytes from the start that are whole elements of that structure. */
  length: number
  /** Why the walk stopped before the end, or null when the bytes ran out (a cut last element). */
  problem: string | null
}

const EBML = 0x1a45dfa3
const SEGMENT = 0x18538067
const CLUSTER = 0x1f43b675
const BLOCK_GROUP = 0xa0
/** Segment children other than clusters: SeekHead, Info, Tracks, Cues, Tags, Chapters, Void, CRC-32. */
const METADATA = new Set([0x114d9b74, 0x1549a966, 0x1654ae6b, 0x1c53bb6b, 0x1254c367, 0x1043a770, 0xec, 0xbf])
/** Cluster children: Timecode, Position, PrevSize, SimpleBlock, BlockGroup, Void, CRC-32. */
const CLUSTER_CHILDREN = new Set([0xe7, 0xa7, 0xab, 0xa3, BLOCK_GROUP, 0xec, 0xbf])
/**
 * BlockGroup children: Block, BlockDuration, ReferenceBlock, DiscardPadding, Void, and
 * BlockAdditions (Chrome writes a canvas's alpha there).
 */
const BLOCK_ADDITIONS = 0x75a1
const BLOCK_GROUP_CHILDREN = new Set([0xa1, 0x9b, 0xfb, 0x75a2, 0xec, BLOCK_ADDITIONS])
const BLOCKS = new Set([0xa3, 0xa1, BLOCK_ADDITIONS])

/** A stream's chunk as the Buffer it is (a string chunk, never met here, is encoded). */
const asBuffer = (chunk: unknown): Buffer => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))

const METADATA_MAX = 64 * 1024
const NUMBER_MAX = 8
const BLOCK_MAX = 64 * 1024 * 1024

/** Reads the sources one after the other as one stream, by exact lengths. */
class ByteReader {
  private buffer: Buffer = Buffer.alloc(0)
  private readonly chunks: AsyncIterator<Buffer>
  position = 0

  constructor(sources: AsyncIterable<Readable>) {
    this.chunks = (async function* () {
      for await (const source of sources) for await (const chunk of source) yield asBuffer(chunk)
    })()
  }

  /** Whether `n` bytes are there to read (pulling more as needed). */
  /** Why the bytes ended early: a chunk's file that could not be read. */
  failure: string | null = null

  private async fill(n: number): Promise<boolean> {
    while (this.buffer.length < n) {
      if (this.failure) return false
      let next: IteratorResult<Buffer>
      try {
        next = await this.chunks.next()
      } catch (err) {
        this.failure = `a chunk could not be read at byte ${this.position + this.buffer.length}: ${err instanceof Error ? err.message : String(err)}`
        return false
      }
      if (next.done) return false
      this.buffer = this.buffer.length === 0 ? next.value : Buffer.concat([this.buffer, next.value])
    }
    return true
  }

  async peek(n: number): Promise<Buffer | null> {
    return (await this.fill(n)) ? this.buffer.subarray(0, n) : null
  }

  async take(n: number): Promise<Buffer | null> {
    const bytes = await this.peek(n)
    if (!bytes) return null
    this.buffer = this.buffer.subarray(n)
    this.position += n
    return bytes
  }

  /** Skips `n` bytes without keeping them; false when the stream ends first. */
  async skip(n: number): Promise<boolean> {
    let left = n
    while (left > 0) {
      if (this.buffer.length === 0 && !(await this.fill(1))) return false
      const step = Math.min(left, this.buffer.length)
      this.buffer = this.buffer.subarray(step)
      this.position += step
      left -= step
    }
    return true
  }

  async close(): Promise<void> {
    await this.chunks.return?.(undefined)
  }
}

/** An element's header: its id, its size (null: unknown), and where its body ends. */
type Header = { id: number; size: number | null; end: number }

/** The length a variable-size integer starting with `first` takes (1–8), or 0 when invalid. */
const vintLength = (first: number) => (first === 0 ? 0 : Math.clz32(first) - 23)

/** The header at `at` of `bytes`: its id, size and length; 'short' when the bytes end inside it. */
function parseHeader(
  bytes: Buffer,
  at: number,
): { id: number; size: number | null; length: number } | 'short' | 'invalid' {
  if (at >= bytes.length) return 'short'
  const idLength = vintLength(bytes[at] ?? 0)
  if (idLength === 0 || idLength > 4) return 'invalid'
  if (at + idLength >= bytes.length) return 'short'
  const sizeLength = vintLength(bytes[at + idLength] ?? 0)
  if (sizeLength === 0) return 'invalid'
  const length = idLength + sizeLength
  if (at + length > bytes.length) return 'short'
  const id = bytes.readUIntBE(at, idLength)
  const marker = 0xff >> sizeLength
  let size = (bytes[at + idLength] ?? 0) & marker
  let unknown = size === marker
  for (const byte of bytes.subarray(at + idLength + 1, at + length)) {
    size = size * 256 + byte
    unknown &&= byte === 0xff
  }
  return { id, size: unknown ? null : size, length }
}

async function readHeader(reader: ByteReader): Promise<Header | 'end' | 'invalid'> {
  // An id takes at most 4 bytes and a size 8: peek as far as the stream has them.
  for (let want = 2; want <= 12; want++) {
    const bytes = await reader.peek(want)
    if (!bytes) return 'end'
    const parsed = parseHeader(bytes, 0)
    if (parsed === 'invalid') return 'invalid'
    if (parsed === 'short') continue
    await reader.skip(parsed.length)
    const { id, size } = parsed
    return { id, size, end: size === null ? Number.POSITIVE_INFINITY : reader.position + size }
  }
  return 'invalid'
}

/**
 * The master elements the decoder (ts-ebml, matroska-schema) reads children of, apart from the
 * Segment and the Cluster: inside metadata each child must have a known size within its parent,
 * or the decoder never returns.
 */
const MASTERS = new Set([
  0x80, 0x8e, 0x8f, 0xa0, 0xa6, 0xae, 0xb6, 0xb7, 0xbb, 0xc8, 0xdb, 0xe0, 0xe1, 0xe2, 0xe3, 0xe4, 0xe8, 0xe9,
  0x41e4, 0x4281, 0x4520, 0x45b9, 0x47e7, 0x4dbb, 0x5034, 0x5035, 0x55b0, 0x55d0, 0x5854, 0x61a7, 0x6240,
  0x63c0, 0x6624, 0x67c8, 0x6911, 0x6924, 0x6944, 0x6d80, 0x7373, 0x75a1, 0x7670, 0x7e5b, 0x7e7b, 0x1043a770,
  0x114d9b74, 0x1254c367, 0x1549a966, 0x1654ae6b, 0x1941a469, 0x1a45dfa3, 0x1b538667, 0x1c53bb6b,
])

/** Why a metadata element's body (its children, at `offset` in the stream) would trap the decoder. */
function metadataProblem(body: Buffer, offset: number): string | null {
  let at = 0
  while (at < body.length) {
    const header = parseHeader(body, at)
    if (header === 'short' || header === 'invalid') return `a malformed element at byte ${offset + at}`
    if (header.size === null) return `an element of unknown size at byte ${offset + at}`
    const start = at + header.length
    const end = start + header.size
    if (end > body.length) return `an element past its parent at byte ${offset + at}`
    if (MASTERS.has(header.id)) {
      const inner = metadataProblem(body.subarray(start, end), offset + start)
      if (inner) return inner
    }
    at = end
  }
  return null
}

/** Walks `sources` and says how much of them is WebM's structure; stops reading at the first misfit. */
export async function webmStructure(sources: AsyncIterable<Readable>): Promise<WebmStructure> {
  const reader = new ByteReader(sources)
  let length = 0
  const stop = (problem: string | null): WebmStructure => ({ length, problem: problem ?? reader.failure })
  try {
    const ebml = await readHeader(reader)
    if (ebml === 'end') return stop(null)
    if (ebml === 'invalid' || ebml.id !== EBML || ebml.size === null || ebml.size > METADATA_MAX)
      return stop('no EBML header')
    const ebmlAt = reader.position
    const ebmlBody = await reader.take(ebml.size)
    if (!ebmlBody) return stop(null)
    const headerProblem = metadataProblem(ebmlBody, ebmlAt)
    if (headerProblem) return stop(headerProblem)
    const segment = await readHeader(reader)
    if (segment === 'end') return stop(null)
    if (segment === 'invalid' || segment.id !== SEGMENT) return stop('no Segment after the EBML header')
    length = reader.position
    let cluster: Header | null = null
    for (;;) {
      if (reader.position >= segment.end) return stop(null)
      if (cluster && reader.position >= cluster.end) cluster = null
      const at = reader.position
      const element = await readHeader(reader)
      if (element === 'end') return stop(null)
      if (element === 'invalid') return stop(`no element at byte ${at}`)
      const known = element.size
      if (element.id === CLUSTER) {
        cluster = element
        length = reader.position
        continue
      }
      if (cluster && CLUSTER_CHILDREN.has(element.id)) {
        if (known === null) return stop(`an element of unknown size at byte ${at}`)
        const bound = BLOCKS.has(element.id) ? BLOCK_MAX : element.id === BLOCK_GROUP ? BLOCK_MAX : NUMBER_MAX
        if (known > bound) return stop(`an element too large at byte ${at}`)
        if (element.id === BLOCK_GROUP) {
          const problem = await walkBlockGroup(reader, element)
          if (problem === 'end') return stop(null)
          if (problem) return stop(problem)
        } else if (!(await reader.skip(known))) return stop(null)
        length = reader.position
        continue
      }
      if (METADATA.has(element.id)) {
        // Metadata after a cluster of unknown size ends that cluster (Cues, Tags at the end).
        cluster = null
        if (known === null || known > METADATA_MAX) return stop(`metadata of unbounded size at byte ${at}`)
        const bodyAt = reader.position
        const body = await reader.take(known)
        if (!body) return stop(null)
        const problem = MASTERS.has(element.id) ? metadataProblem(body, bodyAt) : null
        if (problem) return stop(problem)
        length = reader.position
        continue
      }
      return stop(`an element WebM recordings do not hold at byte ${at}`)
    }
  } finally {
    await reader.close()
  }
}

/** A BlockGroup's children, each known and bounded; null when whole, 'end' when cut. */
async function walkBlockGroup(reader: ByteReader, group: Header): Promise<string | 'end' | null> {
  while (reader.position < group.end) {
    const at = reader.position
    const child = await readHeader(reader)
    if (child === 'end') return 'end'
    if (child === 'invalid' || !BLOCK_GROUP_CHILDREN.has(child.id) || child.size === null)
      return `no block at byte ${at}`
    if (child.size > (BLOCKS.has(child.id) ? BLOCK_MAX : NUMBER_MAX))
      return `an element too large at byte ${at}`
    if (child.end > group.end) return `a block past its group at byte ${at}`
    if (child.id === BLOCK_ADDITIONS) {
      // A master the decoder reads into: its children must be whole, as metadata's are.
      const bodyAt = reader.position
      const body = await reader.take(child.size)
      if (!body) return 'end'
      const problem = metadataProblem(body, bodyAt)
      if (problem) return problem
    } else if (!(await reader.skip(child.size))) return 'end'
  }
  return reader.position === group.end ? null : `a block group of the wrong size at byte ${group.end}`
}

/** The first `length` bytes of the sources, one after the other; a source past them is never opened. */
export async function* firstBytes(sources: AsyncIterable<Readable>, length: number): AsyncGenerator<Buffer> {
  let left = length
  if (left <= 0) return
  for await (const source of sources) {
    for await (const raw of source) {
      const chunk = asBuffer(raw)
      if (chunk.length >= left) {
        yield chunk.subarray(0, left)
        source.destroy()
        return
      }
      yield chunk
      left -= chunk.length
    }
  }
}
