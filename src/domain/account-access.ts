import { polandDateKey } from './poland-time.ts'
import { scheduleRange } from './schedule/slot-rules.ts'

// "You cannot schedule a lesson after the account has expired" (product-rules.md "Errors"): a
// student's active_until (a Poland date, inclusive) as the booking rule reads it, decided on the
// server and shown by the web.

/**
 * `expired`: active_until is before today's Poland date, nothing can be booked; `ending`: it falls
 * inside the schedule range, so the days after it cannot be booked; `open` otherwise.
 */
export type AccountAccess = { kind: 'open' } | { kind: 'expired' | 'ending'; activeUntil: string }

export function accountAccess(activeUntil: string | null, now: Date | number): AccountAccess {
  if (activeUntil === null) return { kind: 'open' }
  if (activeUntil < polandDateKey(now)) return { kind: 'expired', activeUntil }
  const range = scheduleRange(new Date(now), null)
  return range && activeUntil < range.to ? { kind: 'ending', activeUntil } : { kind: 'open' }
}
