import { FROM_CACHE_HEADER } from '../../../service-worker/cache-names.ts'

// While the browser says online but the requests get no answer (connectivity.ts), the server's
// health is asked every PROBE_INTERVAL_MS: its first real answer (not the service worker's copy)
// means it is back.

/** How often a screen that believes it is offline asks the server whether it is back. */
export const PROBE_INTERVAL_MS = 10_000
const HEALTH_PATH = '/api/v1/health'

/** Asks the server every PROBE_INTERVAL_MS; calls `answered` at its first real answer. */
export function probeEvery(answered: () => void): () => void {
  const timer = window.setInterval(async () => {
    try {
      const response = await fetch(HEALTH_PATH, { cache: 'no-store' })
      if (response.status < 500 && response.headers.get(FROM_CACHE_HEADER) !== '1') answered()
    } catch {
      // Still no answer: the next probe tries again.
    }
  }, PROBE_INTERVAL_MS)
  return () => window.clearInterval(timer)
}
