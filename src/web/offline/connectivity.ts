import { useEffect, useSyncExternalStore } from 'react'
import { FROM_CACHE_HEADER } from '../../../service-worker/cache-names.ts'

// The app's connection as its users meet it (docs/product-rules.md "Offline"): online when the
// browser says so AND the last request reached the server. The browser's flag alone is not
// enough: right after a reload without a connection Chromium may still say `onLine` while every
// request fails and the service worker answers from its cache, and a captive portal or a dead
// Wi-Fi looks online too. So the offline notice follows what the requests meet as well.
//
// Three states of the last request: answered (the server said something under 500), no answer
// (a network error, or only the service worker's cached copy), a server error (5xx: the server
// or its proxy answered, so the device is online, but the server is not itself). Whoever waits
// for the server (the outbox, the lists showing a saved copy) hears the first real answer after
// either failure at once, instead of on their next 30-second retry.

type Reach = 'answered' | 'no_answer' | 'server_error'

let reach: Reach = 'answered'
const backListeners = new Set<() => void>()
const stateListeners = new Set<() => void>()

function setReach(next: Reach): void {
  if (reach === next) return
  const was = reach
  reach = next
  for (const listener of stateListeners) listener()
  if (next === 'answered' && was !== 'answered') for (const listener of backListeners) listener()
}

/** A request got no answer from the network (a network error, or the service worker's copy). */
export function noteNoAnswer(): void {
  setReach('no_answer')
}

/** The server answered with a 5xx: reachable, but not itself. */
export function noteServerError(): void {
  setReach('server_error')
}

/** The server answered for real (any status under 500). */
export function noteAnswered(): void {
  setReach('answered')
}

/** Calls `listener` each time the server answers again after being out of reach. */
export function onServerBack(listener: () => void): () => void {
  backListeners.add(listener)
  return () => backListeners.delete(listener)
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  stateListeners.add(listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
    stateListeners.delete(listener)
  }
}

const connected = () => navigator.onLine && reach !== 'no_answer'

/** How often a screen that believes it is offline asks the server whether it is back. */
export const PROBE_INTERVAL_MS = 10_000
const HEALTH_PATH = '/api/v1/health'

/** One look at the server: a real answer (not the service worker's copy) means it is back. */
async function probe(): Promise<void> {
  try {
    const response = await fetch(HEALTH_PATH, { cache: 'no-store' })
    if (response.headers.get(FROM_CACHE_HEADER) === '1') return
    if (response.status < 500) noteAnswered()
    else noteServerError()
  } catch {
    // Still no answer: the next probe tries again.
  }
}

/**
 * Whether the app can reach its server: the browser's `onLine` and the last request's fate. While
 * the browser says online but the last request got no answer, the server is asked every
 * PROBE_INTERVAL_MS, so the notice goes away without waiting for the screen's next request.
 */
export function useOnlineStatus(): boolean {
  const online = useSyncExternalStore(subscribe, connected, () => true)
  useEffect(() => {
    if (online || !navigator.onLine) return
    const timer = window.setInterval(() => void probe(), PROBE_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [online])
  return online
}
