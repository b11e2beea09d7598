import type { LessonCreate } from '../../../domain/api/lessons.ts'
import type { ApiError } from '../../api/api-error.ts'

// architecture.md "API": one Idempotency-Key per confirmed attempt. Retrying the same booking after
// a lost connection or a server error sends the same key, so the server books it once; a changed
// booking, or one the server has answered, gets a fresh key.

export type BookingAttempt = { key: string; fingerprint: string }

const fingerprintOf = (body: LessonCreate) =>
  JSON.stringify([body.teacher_id, body.language_id, body.level_id, [...body.time_slot_ids].sort()])

/** The attempt for `body`: the previous one when it is the same booking, else a new key. */
export function attemptFor(
  previous: BookingAttempt | null,
  body: LessonCreate,
  newKey: () => string = () => crypto.randomUUID(),
): BookingAttempt {
  const fingerprint = fingerprintOf(body)
  return previous?.fingerprint === fingerprint ? previous : { key: newKey(), fingerprint }
}

/** Whether the outcome of an attempt is unknown, so a retry must reuse its key. */
export const mayRetrySameKey = (error: ApiError): boolean => error.kind === 'network' || error.isServerError
