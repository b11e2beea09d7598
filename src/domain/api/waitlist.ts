import * as v from 'valibot'
import { toPolandParts } from '../poland-time.ts'
import { DAY_END_MINUTES, DAY_START_MINUTES, isScheduleTime, parseTime } from '../schedule/time-of-day.ts'
import { issue } from '../validation/issues.ts'
import { envelope, idSchema } from './common.ts'

// The waitlist: a student asks to be told when a slot of a teacher frees up, optionally only on
// some weekdays and between two times of day (Poland time). Told in the order they asked; the
// first to book gets the slot (no hold).

/** How many teachers a student may wait for at once. */
export const WAITLIST_MAX_ENTRIES = 20

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const

const timeSchema = v.pipe(
  v.string(issue('time_format')),
  v.check((value) => parseTime(value) !== null, issue('time_format')),
  v.check((value) => isScheduleTime(parseTime(value) ?? -1), issue('time_grid')),
)

export const waitlistCreateSchema = v.pipe(
  v.object({
    teacher_id: v.pipe(v.string(issue('required')), v.uuid(issue('invalid'))),
    weekdays: v.optional(
      v.pipe(
        v.array(v.picklist(WEEKDAYS, issue('invalid')), issue('invalid')),
        v.maxLength(WEEKDAYS.length, issue('invalid')),
        v.check((days) => new Set(days).size === days.length, issue('invalid')),
      ),
      [],
    ),
    from: v.optional(v.nullable(timeSchema), null),
    to: v.optional(v.nullable(timeSchema), null),
  }),
  v.forward(
    v.check(({ from, to }) => (from === null) === (to === null), issue('required')),
    ['to'],
  ),
  v.forward(
    v.check(
      ({ from, to }) => from === null || to === null || (parseTime(from) ?? 0) < (parseTime(to) ?? 0),
      issue('time_window'),
    ),
    ['to'],
  ),
)
export type WaitlistCreate = v.InferOutput<typeof waitlistCreateSchema>

export const waitlistDeleteSchema = v.object({
  id: v.pipe(v.string(issue('required')), v.uuid(issue('invalid'))),
})

export const waitlistEntrySchema = v.object({
  id: idSchema,
  teacher: v.object({
    id: idSchema,
    first_name: v.nullable(v.string()),
    last_name: v.nullable(v.string()),
    image_url: v.nullable(v.string()),
  }),
  /** Empty: any day. */
  weekdays: v.array(v.number()),
  /** Both null: any time of the day. */
  from: v.nullable(v.string()),
  to: v.nullable(v.string()),
  created_at: v.string(),
})
export type WaitlistEntry = v.InferOutput<typeof waitlistEntrySchema>

export const waitlistAnswerSchema = envelope(waitlistEntrySchema)
export const waitlistIndexSchema = envelope(v.array(waitlistEntrySchema))
export const waitlistDeleteAnswerSchema = envelope(v.object({ id: idSchema }))

/** The bounds of a waitlist's hours, as the schedule's (the time picker, product-rules.md "Validation"). */
export const WAITLIST_DAY = { start: DAY_START_MINUTES, end: DAY_END_MINUTES } as const

/** What a waitlist asks for: days (empty: any) and hours (null: any), minutes of a Poland day. */
export type WaitlistWindow = {
  weekdays: readonly number[]
  fromMinute: number | null
  toMinute: number | null
}

/**
 * Whether a slot suits the waitlist: on one of its days, and wholly within its hours (the
 * lesson starts at or after `from` and ends by `to`), in Poland time (product-rules.md "Time zone").
 */
export function suitsWaitlist(window: WaitlistWindow, slot: { startsAt: Date; endsAt: Date }): boolean {
  const start = toPolandParts(slot.startsAt)
  if (window.weekdays.length > 0 && !window.weekdays.includes(start.weekday)) return false
  if (window.fromMinute === null || window.toMinute === null) return true
  const startMinute = start.hour * 60 + start.minute
  const lengthMinutes = Math.round((slot.endsAt.getTime() - slot.startsAt.getTime()) / 60_000)
  return startMinute >= window.fromMinute && startMinute + lengthMinutes <= window.toMinute
}
