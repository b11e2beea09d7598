import { useQueries } from '@tanstack/react-query'
import type { Timetable } from '../../../domain/api/timetables.ts'
import { addDays } from '../../../domain/poland-time.ts'
import { timetableQueryOptions } from '../../api/timetables.ts'
import { slotState } from '../../ui/slot-state.ts'
import type { WeekBounds } from '../../ui/week-bounds.ts'

// A teacher's week with nothing free first points to the soonest free slot of the weeks a student
// may see (product-rules.md "Week switcher": this week and the next); waiting for a freed slot is
// the offer when there is none.

export type FreeSlot = { week: string; date: string; time: string; slotId: string }

/** The first slot a student could pick in `timetable`: free, and not on a day they already have a lesson. */
export function firstFreeSlot(week: string, timetable: Timetable['timetable']): FreeSlot | null {
  for (const day of timetable) {
    if (day.has_own_lesson) continue
    const free = day.slots
      .filter((slot) => slotState(slot, false) === 'available')
      .sort((a, b) => a.time.localeCompare(b.time))[0]
    if (free) return { week, date: day.date, time: free.time, slotId: free.id }
  }
  return null
}

/** The Mondays of the weeks within `bounds`, but `week`. */
export function otherWeeks(week: string, bounds: WeekBounds): string[] {
  const weeks: string[] = []
  for (let monday = bounds.min; monday <= bounds.max; monday = addDays(monday, 7)) {
    if (monday !== week) weeks.push(monday)
  }
  return weeks
}

/**
 * While `enabled` (the week shown has no free slot), the soonest free slot of the teacher's other
 * weeks in bounds: `undefined` while they load, `null` when none has one.
 */
export function useNearestFreeSlot(
  teacherId: string,
  week: string,
  bounds: WeekBounds,
  enabled: boolean,
): FreeSlot | null | undefined {
  const weeks = otherWeeks(week, bounds)
  return useQueries({
    queries: weeks.map((monday) => ({ ...timetableQueryOptions(teacherId, monday), enabled })),
    combine: (results) => {
      if (results.some((result) => result.data === undefined && !result.isError)) return undefined
      for (const [index, result] of results.entries()) {
        const monday = weeks[index]
        // A saved copy offline is not offered: booking waits for the connection anyway.
        if (!monday || !result.data || result.data.mirroredAt !== null) continue
        const found = firstFreeSlot(monday, result.data.timetable)
        if (found) return found
      }
      return null
    },
  })
}
