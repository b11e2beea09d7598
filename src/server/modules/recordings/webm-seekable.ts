import type { Readable } from 'node:stream'
import { Decoder, Reader, tools } from 'ts-ebml'

// MediaRecorder's WebM has neither a duration nor cues (an index of where each moment starts), so a
// browser plays it but cannot seek in it, nor show how long it is. `ts-ebml` reads the
// joined chunks once, as a stream, keeping only the metadata (everything before the first cluster)
// and one cue per cluster; it then writes new metadata with the duration and the cues, and the
// clusters follow unchanged. Memory stays flat however long the recording: nothing but the current
// element is held (docs/decisions.md "Recordings").

export type WebmScan = {
  /** The new metadata to write first: EBML header, Segment, SeekHead, Info with Duration, Tracks, Cues. */
  header: Buffer
  /** How many bytes of the original (its own metadata) the new header replaces. */
  replacedBytes: number
  durationMs: number
}

/**
 * Reads a MediaRecorder WebM from `sources`, one after the other as one stream (the chunks in
 * order). Null when they hold no playable media (no cluster, or no audio or video track).
 */
export async function scanWebm(sources: AsyncIterable<Readable>): Promise<WebmScan | null> {
  const decoder = new Decoder()
  const reader = new Reader()
  let sawCluster = false
  for await (const source of sources) {
    for await (const chunk of source) {
      // Typed as an ArrayBuffer, read with Buffer.from: a Buffer gives exactly its own bytes.
      for (const element of decoder.decode(chunk as ArrayBuffer)) {
        if (element.name === 'Cluster') sawCluster = true
        reader.read(element)
      }
    }
  }
  if (!sawCluster) return null
  reader.stop()
  if (reader.trackInfo.type === 'nothing') return null
  const durationMs = Math.round((reader.duration * reader.timestampScale) / 1_000_000)
  const header = seekableMetadata(reader)
  return { header, replacedBytes: reader.metadataSize, durationMs }
}

/**
 * ts-ebml hands back its encoder's `Buffer.concat(…).buffer`: for a result small enough to come
 * from Node's shared buffer pool that ArrayBuffer is the whole pool, with the metadata somewhere in
 * it. With the pool off for this one synchronous call, the ArrayBuffer is exactly the metadata.
 */
function seekableMetadata(reader: Reader): Buffer {
  const poolSize = Buffer.poolSize
  Buffer.poolSize = 0
  try {
    return Buffer.from(tools.makeMetadataSeekable(reader.metadatas, reader.duration, reader.cues))
  } finally {
    Buffer.poolSize = poolSize
  }
}

/** The seekable file: the new header, then the original bytes after its own metadata. */
export async function* seekableWebm(
  scan: WebmScan,
  sources: AsyncIterable<Readable>,
): AsyncGenerator<Buffer> {
  yield scan.header
  let skip = scan.replacedBytes
  for await (const source of sources) {
    for await (const raw of source) {
      const chunk = raw as Buffer
      if (skip >= chunk.length) {
        skip -= chunk.length
        continue
      }
      yield skip > 0 ? chunk.subarray(skip) : chunk
      skip = 0
    }
  }
}
