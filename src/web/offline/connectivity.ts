import { useEffect, useSyncExternalStore } from 'react'

// The app's connection as its users meet it (docs/decisions.md "Offline is what the requests
// meet"): online when the browser says so AND the last request reached the server. The browser's flag alone is not
// enough: right after a reload without a connection Chromium may still say `onLine` while every
// request fails and the service worker answers from its cache, and a captive portal or a dead
// Wi-Fi looks online too. So the offline notice follows what the requests meet as well.
//
// A request is answered (the server said something under 500), gets no answer (a network error,
// or only the service worker's cached copy), or meets a server error (5xx: the server or its
// proxy answered, so the device is online, but the server is not itself). Whoever waits
// for the server (the outbox, the lists showing a saved copy) hears the first real answer after
// either failure at once, instead of on their next 30-second retry.

/** The last request got no answer. */
let noAnswer = false
/** No real answer since the last failure (no answer, or a 5xx). */
let away = false
const backListeners = new Set<() => void>()
const stateListeners = new Set<() => void>()

function note(nextNoAnswer: boolean, nextAway: boolean): void {
  const wasAway = away
  away = nextAway
  if (noAnswer !== nextNoAnswer) {
    noAnswer = nextNoAnswer
    for (const listener of stateListeners) listener()
  }
  if (wasAway && !away) for (const listener of backListeners) listener()
}

/** A request got no answer from the network (a network error, or the service worker's copy). */
export const noteNoAnswer = (): void => note(true, true)

/** The server answered with a 5xx: reachable, but not itself. */
export const noteServerError = (): void => note(false, true)

/** The server answered for real (any status under 500). */
export const noteAnswered = (): void => note(false, false)

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

const connected = () => navigator.onLine && !noAnswer

/**
 * Whether the app can reach its server: the browser's `onLine` and the last request's fate. While
 * the browser says online but the last request got no answer, the server is asked every
 * PROBE_INTERVAL_MS, so the notice goes away without waiting for the screen's next request.
 */
export function useOnlineStatus(): boolean {
  const online = useSyncExternalStore(subscribe, connected, () => true)
  useEffect(() => {
    if (online || !navigator.onLine) return
    // The prober is a chunk of its own: most visits never need it.
    const probing = import('./server-probe.ts').then((probe) => probe.probeEvery(noteAnswered))
    return () => void probing.then((stop) => stop())
  }, [online])
  return online
}
