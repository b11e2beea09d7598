import { addDays, polandDateKey } from '../../../domain/poland-time.ts'
import { scheduleRange } from '../../../domain/schedule/slot-rules.ts'

/**
 * The calendar (product-rules.md "Booking"): today up to the end of next week, cut at the account's
 * active_until.
 */
export function selectableDates(now: Date, activeUntil: string | null): string[] {
  const range = scheduleRange(now, activeUntil)
  if (!range) return []
  const dates: string[] = []
  for (let date = polandDateKey(now); date <= range.to; date = addDays(date, 1)) dates.push(date)
  return dates
}
