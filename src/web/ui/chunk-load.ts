/** product-rules.md "Errors": a chunk that has not loaded after 120 s counts as failed (a ChunkLoadError). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000

/**
 * A part of the app (a lazy chunk) could not be downloaded: the connection failed, it timed out, or
 * a new deployment removed the old build's files (product-rules.md "Errors": reported as
 * ChunkLoadError).
 */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError'
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError
}

/**
 * Loads a lazy chunk (`() => import('…')`). Any failure, or no answer within the time-out,
 * rejects with a ChunkLoadError carrying the browser's error as its cause.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`A part of the app did not load within ${timeoutMs / 1000} s`)),
      timeoutMs,
    )
    load().then(
      (module) => {
        clearTimeout(timer)
        resolve(module)
      },
      (cause: unknown) => {
        clearTimeout(timer)
        const message = cause instanceof Error ? cause.message : String(cause)
        reject(new ChunkLoadError(`A part of the app failed to load: ${message}`, { cause }))
      },
    )
  })
}
