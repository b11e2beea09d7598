import * as v from 'valibot'
import { addDays, parseDateKey } from '../poland-time.ts'
import { type Interval, type IntervalProblem, intervalProblems } from '../schedule/availability.ts'
import { type IssueCode, issue } from '../validation/issues.ts'
import { envelope, idSchema } from './common.ts'

// A teacher's timetable (product-rules.md "Records and fields"): POST /teachers/timetables/update and
// GET /teachers/timetables/show.

/**
 * The show query spans at most 14 days: the schedule range is two weeks
 * (product-rules.md "Constants and limits").
 */
export const TIMETABLE_QUERY_MAX_DAYS = 14

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/

// Lesson dates of this millennium: a query's day arithmetic (date_to + 1 day, + 14 days) then
// stays a four-digit year and inside PostgreSQL's timestamp range.
const FIRST_YEAR = 2000
const LAST_YEAR = 2999

/** A real calendar date written as YYYY-MM-DD, in the years 2000–2999. */
export const isDateKey = (value: string): boolean => {
  if (!DATE_KEY.test(value) || addDays(value, 0) !== value) return false
  const { year } = parseDateKey(value)
  return year >= FIRST_YEAR && year <= LAST_YEAR
}

const dateKeySchema = v.pipe(v.string(issue('required')), v.check(isDateKey, issue('date_format')))

export const intervalSchema = v.object({ start: v.string(), end: v.string() })
const dayIntervals = v.pipe(v.array(intervalSchema), v.maxLength(48, issue('too_many', 48)))
const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const
export type WeekdayKey = (typeof WEEKDAYS)[number]

/**
 * Body of POST /teachers/timetables/update. The whole schedule is sent each time and replaces the
 * stored one:
 * - `cyclical: true`: `weekdays` (ISO weekday '1' = Monday … '7' = Sunday; a missing day is a day
 *   off) repeats every week; `dates` may override single dates of the schedule range.
 * - `cyclical: false`: only `dates` (dates of the current and next week) are worked; `weekdays`
 *   must be left out.
 * Intervals are Poland wall-clock 'HH:mm' times; their rules (product-rules.md "Validation") are
 * checked by `timetableUpdateProblems`, which names each bad interval by path, e.g. `weekdays.3.1`.
 */
export const timetableUpdateSchema = v.object({
  cyclical: v.boolean(issue('required')),
  weekdays: v.optional(v.record(v.picklist(WEEKDAYS, issue('invalid')), dayIntervals)),
  dates: v.optional(v.record(dateKeySchema, dayIntervals)),
})
export type TimetableUpdate = v.InferOutput<typeof timetableUpdateSchema>

const PROBLEM_CODES: Record<IntervalProblem, IssueCode> = {
  time_format: 'time_format',
  time_grid: 'time_grid',
  start_after_end: 'time_order',
  overlap: 'time_overlap',
}

export type TimetableProblem = { field: string; code: IssueCode }

function dayProblems(prefix: string, intervals: Interval[]): TimetableProblem[] {
  return intervalProblems(intervals).flatMap((problem, index) =>
    problem ? [{ field: `${prefix}.${index}`, code: PROBLEM_CODES[problem] }] : [],
  )
}

/**
 * The schedule rules (product-rules.md "Validation") for a parsed body: every interval on the
 * 15-minute grid between 06:00 and 23:00, start before end, no overlaps within a day; dates inside
 * the schedule range `range`; weekdays only for a cyclical schedule.
 */
export function timetableUpdateProblems(
  body: TimetableUpdate,
  range: { from: string; to: string },
): TimetableProblem[] {
  const problems: TimetableProblem[] = []
  if (!body.cyclical && body.weekdays && Object.keys(body.weekdays).length > 0) {
    problems.push({ field: 'weekdays', code: 'invalid' })
  }
  for (const [day, intervals] of Object.entries(body.weekdays ?? {})) {
    problems.push(...dayProblems(`weekdays.${day}`, intervals))
  }
  for (const [date, intervals] of Object.entries(body.dates ?? {})) {
    if (date < range.from || date > range.to)
      problems.push({ field: `dates.${date}`, code: 'date_out_of_range' })
    else problems.push(...dayProblems(`dates.${date}`, intervals))
  }
  return problems
}

// The timetable query: teacher_id, date_from, date_to (YYYY-MM-DD, at most 14 days apart).
export const timetableShowQuery = v.pipe(
  v.object({ teacher_id: idSchema, date_from: dateKeySchema, date_to: dateKeySchema }),
  v.forward(
    // valibot runs this check even when a date failed its own check (a failed check leaves the
    // object typed), so a bad date is left to its field's message and never reaches addDays.
    v.check(
      ({ date_from, date_to }) =>
        !isDateKey(date_from) ||
        !isDateKey(date_to) ||
        (date_from <= date_to && addDays(date_from, TIMETABLE_QUERY_MAX_DAYS) >= date_to),
      issue('range_too_long', TIMETABLE_QUERY_MAX_DAYS),
    ),
    ['date_to'],
  ),
)

// A slot (product-rules.md "Slot states"): id, time (HH:mm, Poland time), available, scheduled, missed.
export const timetableSlotSchema = v.object({
  id: idSchema,
  time: v.string(),
  available: v.boolean(),
  scheduled: v.boolean(),
  missed: v.boolean(),
})
export type TimetableSlot = v.InferOutput<typeof timetableSlotSchema>

/**
 * The timetable answer (product-rules.md "Records and fields"), for the asking user. `scheduled`
 * (product-rules.md "Slot states"): for a student, one of their own lessons (with any teacher)
 * overlaps the slot; for the teacher who owns the timetable, the slot holds a lesson. Two fields
 * beyond that record save the set-lessons screen a call each: the student's limit
 * (scheduled_lessons_limit_per_student, product-rules.md "Scheduled lessons limit") and whether
 * this teacher refuses the asking student as new (the overlay of
 * product-rules.md "Allowed students"; false for the teacher's allowed students); one beyond it on
 * each date, `has_own_lesson`.
 */
export const timetableSchema = v.object({
  timetable: v.array(
    v.object({
      date: v.string(),
      slots: v.array(timetableSlotSchema),
      /**
       * For a student: one of their active lessons (with any teacher) is on this Poland date, so
       * "You already have a lesson scheduled for this date" (product-rules.md "Same-day rule")
       * refuses every slot of it (the grid says so before the server has to). False for a teacher.
       */
      has_own_lesson: v.boolean(),
    }),
  ),
  scheduled_lessons_count: v.number(),
  lesson_earliness_condition: v.number(),
  scheduled_lessons_limit_per_student: v.number(),
  not_accepting_new_students: v.boolean(),
})
export type Timetable = v.InferOutput<typeof timetableSchema>

/** Answer of both timetable calls, wrapped as `{ data }`. */
export const timetableResponse = envelope(timetableSchema)

/**
 * Answer of POST /teachers/timetables/update: the teacher's timetable for the schedule range, plus
 * the booked slots the new schedule no longer covers. Those are kept with their lessons (a
 * schedule change never deletes or moves a booked lesson) and the dialog tells the
 * teacher about them (Poland date and time).
 */
export const timetableUpdateAnswerSchema = v.object({
  ...timetableSchema.entries,
  kept_booked_slots: v.array(v.object({ date: v.string(), time: v.string() })),
})
export type TimetableUpdateAnswer = v.InferOutput<typeof timetableUpdateAnswerSchema>
export const timetableUpdateResponse = envelope(timetableUpdateAnswerSchema)
