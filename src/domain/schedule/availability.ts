import { formatTime, isScheduleTime, parseTime } from './time-of-day.ts'

// A teacher's availability: intervals of one day (the SetLesson dialog). Intervals start before
// they end, use the schedule's 15-minute grid between 06:00 and 23:00, and never overlap one
// another.

export type Interval = { start: string; end: string }
export type IntervalProblem = 'time_format' | 'time_grid' | 'start_after_end' | 'overlap'

/** Problems of each interval of one day, in order; null where the interval is fine. */
export function intervalProblems(intervals: Interval[]): (IntervalProblem | null)[] {
  const parsed = intervals.map(({ start, end }) => ({ start: parseTime(start), end: parseTime(end) }))
  return parsed.map(({ start, end }, index) => {
    if (start === null || end === null) return 'time_format'
    if (!isScheduleTime(start) || !isScheduleTime(end)) return 'time_grid'
    if (start >= end) return 'start_after_end'
    const overlaps = parsed.some(
      (other, j) =>
        j !== index && other.start !== null && other.end !== null && other.start < end && start < other.end,
    )
    return overlaps ? 'overlap' : null
  })
}

/** Sorted, merged copy of valid intervals (touching intervals join: 08:00–09:00 + 09:00–10:00). */
export function normalizeIntervals(intervals: Interval[]): Interval[] {
  const ranges = intervals
    .map(({ start, end }) => ({ start: parseTime(start), end: parseTime(end) }))
    .filter((r): r is { start: number; end: number } => r.start !== null && r.end !== null && r.start < r.end)
    .sort((a, b) => a.start - b.start)
  const merged: { start: number; end: number }[] = []
  for (const range of ranges) {
    const last = merged.at(-1)
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end)
    else merged.push({ ...range })
  }
  return merged.map(({ start, end }) => ({ start: formatTime(start), end: formatTime(end) }))
}
