// issue #11 item 6: after the server was out of reach (no connection, the server down, or only
// the service worker's cached copy answering), the first real answer means it is back. Whoever
// waits for that (the outbox, the lists showing a saved copy) hears it at once, instead of on
// their next 30-second retry.

let unreachable = false
const listeners = new Set<() => void>()

/** A request got no real answer from the server. */
export function noteUnreachable(): void {
  unreachable = true
}

/** The server answered for real (any status under 500): tell the listeners if it was out of reach. */
export function noteReachable(): void {
  if (!unreachable) return
  unreachable = false
  for (const listener of listeners) listener()
}

/** Calls `listener` each time the server answers again after being out of reach. */
export function onServerBack(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
