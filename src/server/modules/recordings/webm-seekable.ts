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
  const end = mediaEnd()
  let sawCluster = false
  for await (const source of sources) {
    for await (const chunk of source) {
      // Typed as an ArrayBuffer, read with Buffer.from: a Buffer gives exactly its own bytes.
      for (const element of decoder.decode(chunk as ArrayBuffer)) {
        if (element.name === 'Cluster') sawCluster = true
        reader.read(element)
        end.read(element)
      }
    }
  }
  if (!sawCluster) return null
  reader.stop()
  if (reader.trackInfo.type === 'nothing') return null
  const duration = end.at()
  const durationMs = Math.round((duration * reader.timestampScale) / 1_000_000)
  const header = seekableMetadata(reader, duration)
  return { header, replacedBytes: reader.metadataSize, durationMs }
}

/** Gaps between a track's blocks kept to judge its usual frame length. */
const RECENT_GAPS = 9

/**
 * Where the media ends, in the file's timestamp units: the latest block of any track, plus that
 * track's usual frame length (the median of its last gaps). Not ts-ebml's `duration`, which adds
 * the last gap itself: a canvas that drew nothing for two seconds on a loaded machine, then its
 * last frame at the stop, made a recording two seconds longer than its media.
 */
function mediaEnd() {
  const tracks = new Map<number, { last: number; gaps: number[] }>()
  let cluster = 0
  return {
    read(element: ReturnType<Decoder['decode']>[number]) {
      if (element.type === 'u' && element.name === 'Timestamp') cluster = element.value
      if (element.type !== 'b' || (element.name !== 'SimpleBlock' && element.name !== 'Block')) return
      const { timecode, trackNumber } = tools.ebmlBlock(element.data)
      const at = cluster + timecode
      const track = tracks.get(trackNumber)
      if (!track) return void tracks.set(trackNumber, { last: at, gaps: [] })
      if (at > track.last) track.gaps = [...track.gaps, at - track.last].slice(-RECENT_GAPS)
      track.last = Math.max(track.last, at)
    },
    at(): number {
      const latest = [...tracks.values()].sort((a, b) => b.last - a.last)[0]
      if (!latest) return 0
      const gaps = [...latest.gaps].sort((a, b) => a - b)
      return latest.last + (gaps[Math.floor(gaps.length / 2)] ?? 0)
    },
  }
}

/**
 * ts-ebml hands back its encoder's `Buffer.concat(…).buffer`: for a result small enough to come
 * from Node's shared buffer pool that ArrayBuffer is the whole pool, with the metadata somewhere in
 * it. With the pool off for this one synchronous call, the ArrayBuffer is exactly the metadata.
 */
function seekableMetadata(reader: Reader, duration: number): Buffer {
  const poolSize = Buffer.poolSize
  Buffer.poolSize = 0
  try {
    return Buffer.from(tools.makeMetadataSeekable(reader.metadatas, duration, reader.cues))
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
