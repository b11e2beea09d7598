import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk } from './chunk-load.ts'

describe('loading a lazy chunk', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('gives the module when it arrives', async () => {
    await expect(loadChunk(async () => ({ answer: 42 }))).resolves.toEqual({ answer: 42 })
  })

  it('reports a failed download as a ChunkLoadError with the browser’s error as its cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/x.js')
    const error = await loadChunk(() => Promise.reject(cause)).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ChunkLoadError)
    expect(isChunkLoadError(error)).toBe(true)
    expect(error instanceof Error && error.name).toBe('ChunkLoadError')
    expect(error instanceof Error && error.cause).toBe(cause)
  })

  it('gives up after 120 s with a ChunkLoadError', async () => {
    vi.useFakeTimers()
    const pending = loadChunk(() => new Promise<never>(() => undefined)).catch((thrown: unknown) => thrown)
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1)
    let settled = false
    void pending.then(() => {
      settled = true
    })
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await pending).toBeInstanceOf(ChunkLoadError)
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000)
  })

  it('does not count other errors as chunk failures', () => {
    expect(isChunkLoadError(new TypeError('x'))).toBe(false)
  })
})
