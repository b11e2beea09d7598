/** Session-storage key: when the page last reloaded itself because a chunk failed to load. */
export const CHUNK_RELOAD_KEY = 'lektorium-chunk-reload'

/**
 * How long a reload counts as "just done". Longer than the 120 s chunk time-out (product-rules.md
 * "Errors"), so a chunk that keeps timing out, or a file that is gone for good, never reloads the
 * page in a loop.
 */
export const CHUNK_RELOAD_WINDOW_MS = 10 * 60 * 1000

type MarkStorage = Pick<Storage, 'getItem' | 'setItem'>

/**
 * What to do about a chunk that failed to load. The usual cause is a new deployment: the old
 * build's files are gone and a reload fetches the new ones, so the first failure reloads the page
 * (and remembers it in session storage); a failure soon after that reload shows the error screen.
 * Without session storage nothing can be remembered, so the error screen shows at once.
 */
export function chunkFailureAction(storage: MarkStorage | null, now: number = Date.now()): 'reload' | 'show' {
  if (!storage) return 'show'
  try {
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY))
    const since = now - last
    if (last > 0 && since >= 0 && since < CHUNK_RELOAD_WINDOW_MS) return 'show'
    storage.setItem(CHUNK_RELOAD_KEY, String(now))
    return 'reload'
  } catch {
    return 'show'
  }
}

export function sessionStorageOrNull(): MarkStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}
