import { useMemo, useRef } from 'react'
import { ApiError } from './api-error.ts'

// architecture.md "API": one Idempotency-Key per user action. Submitting the same input again after
// a lost connection or a server error (the outcome is unknown) reuses the key, so the server
// applies it once; a changed input, or one the server has answered, gets a fresh key.

export type WriteAttempt = { key: string; fingerprint: string }

/** The attempt for `input`: the previous one when it is the same input, else a new key. */
export function attemptFor(
  previous: WriteAttempt | null,
  input: unknown,
  newKey: () => string = () => crypto.randomUUID(),
): WriteAttempt {
  const fingerprint = JSON.stringify(input)
  return previous?.fingerprint === fingerprint ? previous : { key: newKey(), fingerprint }
}

/** Whether a failure leaves the outcome unknown, so a retry must reuse the attempt's key. */
export const mayRetrySameKey = (error: unknown): boolean =>
  error instanceof ApiError && (error.kind === 'network' || error.isServerError)

/**
 * A dialog's current attempt: `keyFor(input)` before sending, `settle(error)` after the answer
 * (null on success). The key survives only an unknown outcome of the same input.
 */
export function useWriteAttempt() {
  const current = useRef<WriteAttempt | null>(null)
  return useMemo(
    () => ({
      keyFor(input: unknown): string {
        current.current = attemptFor(current.current, input)
        return current.current.key
      },
      settle(error: unknown): void {
        if (error === null || !mayRetrySameKey(error)) current.current = null
      },
    }),
    [],
  )
}
