import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/api-error.ts'
import { createChunkUploader, type SendChunk } from './chunk-uploader.ts'

// The recording's chunks reach the server in order, once each, through lost connections and lost
// answers; an upload that cannot go on says so.

const blob = (text: string) => new Blob([text])
const network = () => new ApiError({ kind: 'network', message: 'Network error!' })
const refused = (status: number, code: string, params: Record<string, string> = {}) =>
  new ApiError({ kind: 'http', status, message: code, code: code as never, params })

/** A server keeping what it got; `fail` decides, per attempt, to throw instead. */
function fakeServer(fail: (seq: number, attempt: number) => unknown = () => undefined) {
  const stored: string[] = []
  const attempts: number[] = []
  const send: SendChunk = async (seq, bytes) => {
    attempts.push(seq)
    const error = fail(seq, attempts.length)
    if (error) throw error
    if (seq > stored.length) throw refused(409, 'recording_chunk_gap', { expected: String(stored.length) })
    if (seq === stored.length) stored.push(await bytes.text())
    return stored.length
  }
  return { send, stored, attempts }
}

const noWait = async () => undefined

describe('createChunkUploader', () => {
  it('sends the chunks in order, each once', async () => {
    const server = fakeServer()
    const uploader = createChunkUploader({ send: server.send, onFailed: () => undefined, wait: noWait })
    for (const text of ['a', 'b', 'c']) uploader.push(blob(text))
    expect(await uploader.flush(1000)).toBe(true)
    expect(server.stored).toEqual(['a', 'b', 'c'])
    expect(uploader.pending()).toEqual({ chunks: 0, bytes: 0 })
  })

  it('retries through a lost connection, with growing pauses, and loses nothing', async () => {
    const server = fakeServer((seq, attempt) => (seq === 1 && attempt <= 4 ? network() : undefined))
    const pauses: number[] = []
    const uploader = createChunkUploader({
      send: server.send,
      onFailed: () => undefined,
      wait: async (ms) => void pauses.push(ms),
    })
    for (const text of ['a', 'b', 'c']) uploader.push(blob(text))
    expect(await uploader.flush(1000)).toBe(true)
    expect(server.stored).toEqual(['a', 'b', 'c'])
    expect(pauses).toEqual([1000, 2000, 4000])
  })

  it('goes on from what the server expects when an answer was lost', async () => {
    let lost = false
    const server = fakeServer()
    const send: SendChunk = async (seq, bytes, signal) => {
      const next = await server.send(seq, bytes, signal)
      // The server stored chunk 0, but its answer never came back.
      if (seq === 0 && !lost) {
        lost = true
        throw network()
      }
      return next
    }
    const uploader = createChunkUploader({ send, onFailed: () => undefined, wait: noWait })
    for (const text of ['a', 'b']) uploader.push(blob(text))
    expect(await uploader.flush(1000)).toBe(true)
    expect(server.stored).toEqual(['a', 'b'])
  })

  it('stops, and says so, when the recording has ended on the server', async () => {
    const failures: unknown[] = []
    const server = fakeServer((seq) => (seq === 1 ? refused(409, 'recording_not_active') : undefined))
    const uploader = createChunkUploader({
      send: server.send,
      onFailed: (e) => failures.push(e),
      wait: noWait,
    })
    for (const text of ['a', 'b', 'c']) uploader.push(blob(text))
    expect(await uploader.flush(1000)).toBe(false)
    expect(server.stored).toEqual(['a'])
    expect(failures).toHaveLength(1)
    expect(uploader.pending().chunks).toBe(2)
  })

  it('answers false from flush when the chunks cannot be sent in time', async () => {
    const server = fakeServer(() => network())
    const uploader = createChunkUploader({
      send: server.send,
      onFailed: () => undefined,
      wait: () => new Promise((resolve) => setTimeout(resolve, 5)),
    })
    uploader.push(blob('a'))
    expect(await uploader.flush(30)).toBe(false)
    uploader.close()
  })
})
