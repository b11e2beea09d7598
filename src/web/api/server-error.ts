import { useSyncExternalStore } from 'react'

// product-rules.md "Errors": a 500 (or any other unexpected status) is held in global state and
// cleared on e-mail change; the layouts show it, the close button and logout clear it too.
let serverError = false
const listeners = new Set<() => void>()

function publish(next: boolean): void {
  if (serverError === next) return
  serverError = next
  for (const listener of listeners) listener()
}

export function setServerError(): void {
  publish(true)
}

export function clearServerError(): void {
  publish(false)
}

export function hasServerError(): boolean {
  return serverError
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useServerError(): boolean {
  return useSyncExternalStore(subscribe, hasServerError, hasServerError)
}
