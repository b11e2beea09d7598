import type { InstantRange } from '../teachers/public.ts'
import type { BoardTeacher } from './board-repository.ts'

// The board index's hours (board-index.ts): in which epoch hours a teacher has a free start, and
// which hours a search's windows cover.

const HOUR_MS = 3_600_000
/** Above this many hour buckets a search scans its language instead (a window of many days). */
const MAX_HOURS = 24 * 15

/** The teacher's first free start in each hour (epoch hour → epoch ms) in which it has one. */
export function firstFreeByHour(teacher: BoardTeacher): Map<number, number> {
  const firsts = new Map<number, number>()
  // freeStarts ascend: the first seen in an hour is its first.
  for (const start of teacher.freeStarts) {
    const hour = Math.floor(start / HOUR_MS)
    if (!firsts.has(hour)) firsts.set(hour, start)
  }
  return firsts
}

/**
 * The epoch hours a free start in the windows may lie in, in time order, each with whether the
 * whole hour lies inside its window (then the bucket's first start there is the teacher's soonest
 * in it); null when too many to be worth it.
 */
export function hoursOf(windows: readonly InstantRange[]): { hour: number; whole: boolean }[] | null {
  const hours: { hour: number; whole: boolean }[] = []
  for (const { start, end } of windows) {
    const from = start.getTime()
    const to = end.getTime()
    const last = Math.floor((to - 1) / HOUR_MS)
    for (let hour = Math.floor(from / HOUR_MS); hour <= last; hour++) {
      if (hours.at(-1)?.hour === hour) continue
      hours.push({ hour, whole: hour * HOUR_MS >= from && (hour + 1) * HOUR_MS <= to })
      if (hours.length > MAX_HOURS) return null
    }
  }
  return hours
}
