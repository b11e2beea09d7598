import { ApiError } from '../../api/api-error.ts'

// Sends a recording's chunks in order while it records (protocol §6). A chunk stays here until the
// server has it, so a lost connection only delays the upload: it is retried, with a growing pause,
// until it goes through. Only the chunks not yet sent are held, never the recording.

export type SendChunk = (seq: number, bytes: Blob, signal: AbortSignal) => Promise<number>

export type ChunkUploaderOptions = {
  send: SendChunk
  /** The upload cannot go on (the recording ended on the server, a chunk it will never take). */
  onFailed: (error: unknown) => void
  /** Waits before a retry (tests pass their own). */
  wait?: (ms: number) => Promise<void>
}

export type ChunkUploader = {
  /** Queues the next chunk (numbered in order from 0). */
  push(bytes: Blob): void
  /** Resolves true once every chunk pushed so far is on the server, false after `timeoutMs`. */
  flush(timeoutMs: number): Promise<boolean>
  /** Chunks not yet on the server, and their bytes. */
  pending(): { chunks: number; bytes: number }
  /** Stops sending (what is not sent by now is dropped). */
  close(): void
}

const FIRST_RETRY_MS = 1000
const LONGEST_RETRY_MS = 15_000

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Answers after which this chunk, and the rest, cannot be sent. */
const isFinal = (error: unknown) =>
  error instanceof ApiError &&
  error.kind === 'http' &&
  !error.isServerError &&
  error.code !== 'recording_chunk_gap' &&
  error.code !== 'recording_chunk_mismatch'

export function createChunkUploader(options: ChunkUploaderOptions): ChunkUploader {
  const wait = options.wait ?? sleep
  const queue: { seq: number; bytes: Blob }[] = []
  const abort = new AbortController()
  let nextSeq = 0
  let sending = false
  let closed = false
  let failed = false
  const waiters = new Set<() => void>()

  const settle = () => {
    if (queue.length > 0 && !failed && !closed) return
    for (const resolve of waiters) resolve()
    waiters.clear()
  }

  /** The server has everything before `expected`. */
  const acknowledge = (expected: number) => {
    while (queue.length > 0 && (queue[0]?.seq ?? Infinity) < expected) queue.shift()
  }

  async function pump() {
    if (sending) return
    sending = true
    let pause = FIRST_RETRY_MS
    try {
      while (queue.length > 0 && !closed && !failed) {
        const head = queue[0]
        if (!head) break
        try {
          acknowledge(await options.send(head.seq, head.bytes, abort.signal))
          pause = FIRST_RETRY_MS
        } catch (error) {
          if (closed) break
          if (error instanceof ApiError && error.code === 'recording_chunk_gap') {
            const expected = Number(error.params.expected)
            // The server took chunks whose answers were lost: go on from what it expects. It
            // can never lack one this side has let go of (only acknowledged chunks are).
            if (Number.isInteger(expected) && expected > head.seq) {
              acknowledge(expected)
              continue
            }
          } else if (error instanceof ApiError && error.code === 'recording_chunk_mismatch') {
            // The server kept other bytes under this number (a retry that raced): keep theirs.
            queue.shift()
            continue
          }
          if (isFinal(error) || error instanceof ApiError === false) {
            failed = true
            options.onFailed(error)
            break
          }
          await wait(pause)
          pause = Math.min(LONGEST_RETRY_MS, pause * 2)
        }
      }
    } finally {
      sending = false
      settle()
    }
  }

  return {
    push(bytes) {
      if (closed || failed) return
      queue.push({ seq: nextSeq++, bytes })
      void pump()
    },
    flush(timeoutMs) {
      if (queue.length === 0 || failed || closed) return Promise.resolve(queue.length === 0)
      return new Promise<boolean>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          resolve(queue.length === 0)
        }
        const timer = setTimeout(() => {
          waiters.delete(done)
          resolve(false)
        }, timeoutMs)
        waiters.add(done)
      })
    },
    pending: () => ({ chunks: queue.length, bytes: queue.reduce((sum, chunk) => sum + chunk.bytes.size, 0) }),
    close() {
      closed = true
      abort.abort()
      settle()
    },
  }
}
