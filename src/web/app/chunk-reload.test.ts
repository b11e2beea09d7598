import { describe, expect, it } from 'vitest'
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, chunkFailureAction } from './chunk-reload.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

const NOW = 1_800_000_000_000

describe('a chunk that failed to load (ChunkLoadError)', () => {
  it('reloads the page the first time and remembers that it did', () => {
    const storage = memoryStorage()
    expect(chunkFailureAction(storage, NOW)).toBe('reload')
    expect(storage.items.get(CHUNK_RELOAD_KEY)).toBe(String(NOW))
  })

  it('shows the error screen when it fails again right after that reload', () => {
    const storage = memoryStorage()
    chunkFailureAction(storage, NOW)
    expect(chunkFailureAction(storage, NOW + 5_000)).toBe('show')
    // Still within the window after a 120 s time-out: no reload loop.
    expect(chunkFailureAction(storage, NOW + 121_000)).toBe('show')
  })

  it('reloads again for a failure long after the last reload (the next deployment)', () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: String(NOW - CHUNK_RELOAD_WINDOW_MS - 1) })
    expect(chunkFailureAction(storage, NOW)).toBe('reload')
  })

  it('treats an unreadable or future mark as no reload yet', () => {
    expect(chunkFailureAction(memoryStorage({ [CHUNK_RELOAD_KEY]: 'garbage' }), NOW)).toBe('reload')
    expect(chunkFailureAction(memoryStorage({ [CHUNK_RELOAD_KEY]: String(NOW + 60_000) }), NOW)).toBe(
      'reload',
    )
  })

  it('shows the error screen at once when it cannot remember (no session storage)', () => {
    expect(chunkFailureAction(null, NOW)).toBe('show')
    const failing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(chunkFailureAction(failing, NOW)).toBe('show')
  })
})
