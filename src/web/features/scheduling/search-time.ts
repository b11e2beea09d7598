import type { TimeWindow } from '../../../domain/api/teachers.ts'
import { searchWindow } from '../../../domain/schedule/slot-rules.ts'
import { formatTime, parseTime } from '../../../domain/schedule/time-of-day.ts'

/**
 * The `time` filter of GET /teachers/search from the "from" and "to" pickers. With both, the chosen
 * range; with "from" only, the window of product-rules.md "Teacher search": from minus 2 hours to
 * plus 2 hours (the end wraps to 00:00 once it reaches midnight, searchWindow); with neither, no
 * time filter.
 */
export function searchTime(from: string | null, to: string | null): TimeWindow | undefined {
  const start = from === null ? null : parseTime(from)
  if (start === null) return undefined
  const end = to === null ? null : parseTime(to)
  if (end !== null && end > start) return { from: formatTime(start), to: formatTime(end) }
  const hour = Math.floor(start / 60)
  const minutes = start % 60
  const window = searchWindow(hour)
  const windowFrom = hour - 2 < 0 ? 0 : window.from * 60 + minutes
  const windowTo = window.to === 0 ? 0 : window.to * 60 + minutes
  return { from: formatTime(windowFrom), to: formatTime(windowTo) }
}
