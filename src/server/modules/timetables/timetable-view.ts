import type { Timetable, TimetableSlot } from '../../../domain/api/timetables.ts'
import { DEFAULT_SCHEDULED_LESSONS_LIMIT } from '../../../domain/constants.ts'
import { formatPolandTime, polandDateKey } from '../../../domain/poland-time.ts'
import {
  isMissedSlot,
  isScheduledSlot,
  lessonDates,
  scheduleRange,
} from '../../../domain/schedule/slot-rules.ts'
import type { User } from '../../platform/sessions.ts'
import { scheduledCount } from '../lessons/public.ts'
import { type DateRange, datesOf } from './plan.ts'
import type { TimetableView, ViewSlot } from './view-repository.ts'

// The Schedule answer (product-rules.md "Records and fields") with the slot flags of
// product-rules.md "Slot states", for one viewer.

type ViewInput = {
  teacherId: string
  /**
   * The overlay (product-rules.md "Allowed students"): the teacher does not accept new students and
   * the viewer is not allowed.
   */
  refusesViewer: boolean
  viewer: User
  now: Date
  graceHours: number
  dates: DateRange
}
type SlotContext = {
  input: ViewInput
  bookable: DateRange | null
  /** Starts of the asking student's own active lessons (any teacher); null for a teacher. */
  ownLessonStarts: Date[] | null
}

/**
 * The dates a viewer may book in: for a student the schedule range clipped at their active_until
 * (product-rules.md "Constants and limits"); for a teacher (the owner, or a colleague looking) the
 * full schedule range.
 */
function bookableRange(viewer: User, now: Date): DateRange | null {
  return scheduleRange(now, viewer.role === 'student' ? viewer.activeUntil : null)
}

function slotView(slot: ViewSlot, context: SlotContext): TimetableSlot {
  const { input, bookable, ownLessonStarts } = context
  const date = polandDateKey(slot.startsAt)
  const missed = isMissedSlot(slot.startsAt, input.now, input.graceHours)
  const inRange = bookable !== null && date >= bookable.from && date <= bookable.to
  // product-rules.md "Slot states": for a student, one of their own lessons (with any teacher) lies
  // within 45 minutes; for the teacher who owns the timetable, the slot holds a lesson.
  const scheduled = ownLessonStarts
    ? isScheduledSlot(slot.startsAt, ownLessonStarts)
    : input.viewer.id === input.teacherId && slot.booked
  return {
    id: slot.id,
    time: formatPolandTime(slot.startsAt),
    available: inRange && !missed && !slot.booked && !scheduled,
    scheduled,
    missed,
  }
}

/**
 * Every date of `input.dates` with its slots in time order (a date without slots has none), from
 * what findTimetableView read in one round trip.
 */
export function buildTimetable(
  input: ViewInput,
  view: Pick<TimetableView, 'slots' | 'ownLessons'>,
): Timetable {
  const student = input.viewer.role === 'student' ? input.viewer : null
  const context: SlotContext = {
    input,
    bookable: bookableRange(input.viewer, input.now),
    ownLessonStarts: student ? view.ownLessons.map((lesson) => lesson.startsAt) : null,
  }
  const byDate = new Map<string, TimetableSlot[]>()
  for (const slot of view.slots) {
    const date = polandDateKey(slot.startsAt)
    const day = byDate.get(date)
    if (day) day.push(slotView(slot, context))
    else byDate.set(date, [slotView(slot, context)])
  }
  const ownDates = lessonDates(student ? view.ownLessons.map((lesson) => lesson.startsAt) : [])
  return {
    timetable: datesOf(input.dates).map((date) => ({
      date,
      slots: byDate.get(date) ?? [],
      has_own_lesson: ownDates.has(date),
    })),
    // product-rules.md "Scheduled lessons limit": the student's lessons not yet ended; limit and
    // overlay describe nothing for a teacher.
    scheduled_lessons_count: student ? scheduledCount(view.ownLessons, input.now) : 0,
    lesson_earliness_condition: input.graceHours,
    scheduled_lessons_limit_per_student: student?.scheduledLessonsLimit ?? DEFAULT_SCHEDULED_LESSONS_LIMIT,
    not_accepting_new_students: input.refusesViewer,
  }
}
