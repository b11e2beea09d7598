import { useEffect, useSyncExternalStore } from 'react'

// One offline notice at a time (decisions.md "Offline and reconnect"). A screen that says it is
// offline in its own, more precise words (what it shows instead, and since when) claims the notice
// while it is shown; the app's general offline banner then steps aside instead of stacking a second
// notice.

let claims = 0
const listeners = new Set<() => void>()

const notify = () => {
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Call in a component that shows its own offline notice, for as long as it is mounted. */
export function useClaimOfflineNotice(): void {
  useEffect(() => {
    claims += 1
    notify()
    return () => {
      claims -= 1
      notify()
    }
  }, [])
}

/** Whether a screen shows its own offline notice now. */
export function useOfflineNoticeClaimed(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => claims > 0,
    () => false,
  )
}
