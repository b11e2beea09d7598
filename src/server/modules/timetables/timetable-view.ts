import type { Timetable, TimetableSlot } from '../../../domain/api/timetables.ts'
import { formatPolandTime, polandDateKey } from '../../../domain/poland-time.ts'
import { isMissedSlot, scheduleRange } from '../../../domain/schedule/slot-rules.ts'
import type { Db } from '../../db/client.ts'
import type { User } from '../../platform/sessions.ts'
import { type DateRange, datesOf, rangeInstants } from './plan.ts'
import { findSlots, type SlotRow } from './repository.ts'

// spec §3 Schedule answer with the slot flags of spec §4, for one viewer.

type ViewInput = { teacherId: string; viewer: User; now: Date; graceHours: number; dates: DateRange }

/**
 * The dates a viewer may book in: for a student the schedule range clipped at their active_until
 * (spec §9); for a teacher (the owner, or a colleague looking) the full schedule range.
 */
function bookableRange(viewer: User, now: Date): DateRange | null {
  return scheduleRange(now, viewer.role === 'student' ? viewer.activeUntil : null)
}

function slotView(slot: SlotRow, input: ViewInput, bookable: DateRange | null): TimetableSlot {
  const date = polandDateKey(slot.startsAt)
  const missed = isMissedSlot(slot.startsAt, input.now, input.graceHours)
  const inRange = bookable !== null && date >= bookable.from && date <= bookable.to
  return {
    id: slot.id,
    time: formatPolandTime(slot.startsAt),
    // Booking (issue #4 part 2) adds "not booked" here, and `scheduled` from the student's own
    // lessons (isScheduledSlot); no lesson exists yet, so neither can be true.
    available: inRange && !missed,
    scheduled: false,
    missed,
  }
}

/** Every date of `input.dates` with its slots in time order (a date without slots has none). */
export async function buildTimetable(db: Db, input: ViewInput): Promise<Timetable> {
  const { start, end } = rangeInstants(input.dates)
  const slots = await findSlots(db, input.teacherId, start, end)
  const bookable = bookableRange(input.viewer, input.now)
  const byDate = new Map<string, TimetableSlot[]>()
  for (const slot of slots) {
    const date = polandDateKey(slot.startsAt)
    byDate.set(date, [...(byDate.get(date) ?? []), slotView(slot, input, bookable)])
  }
  return {
    timetable: datesOf(input.dates).map((date) => ({ date, slots: byDate.get(date) ?? [] })),
    // spec §3: the student's scheduled lessons; 0 until lessons exist (booking, issue #4 part 2).
    scheduled_lessons_count: 0,
    lesson_earliness_condition: input.graceHours,
  }
}
