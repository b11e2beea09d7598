import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import { storableString } from '../validation/storable-text.ts'
import { envelope, idSchema, pageParam } from './common.ts'
import { isDateKey } from './timetables.ts'

// The school's console: the lack-of-slots requests (the reports of the language onboarding,
// product-rules.md "Language onboarding") and the overview of the school's weeks.

const shortText = v.pipe(
  storableString(issue('invalid')),
  v.trim(),
  v.nonEmpty(issue('required')),
  v.maxLength(100, issue('too_long', 100)),
)
const hourBucket = v.pipe(v.string(issue('required')), v.regex(/^([01]\d|2[0-3])$/, issue('invalid')))
const dateParam = v.optional(v.pipe(v.string(), v.check(isDateKey, issue('date_format'))))

/** GET /admin/lack_of_slots/index: groups of the same language, level and hour of the day. */
export const lackOfSlotsQuery = v.object({
  handled: v.optional(v.picklist(['unhandled', 'handled', 'all'], issue('invalid')), 'unhandled'),
  taught_language: v.optional(shortText),
  page: pageParam(1, 10_000),
  per_page: pageParam(50, 200),
})

/** A group's key: the language to learn, the level and the hour ("18": 18:00–18:59, Poland). */
export const lackOfSlotsGroupKeySchema = v.object({
  taught_language: shortText,
  level: shortText,
  hour: hourBucket,
})
export type LackOfSlotsGroupKey = v.InferOutput<typeof lackOfSlotsGroupKeySchema>

export const lackOfSlotsReportSchema = v.object({
  id: idSchema,
  created_at: v.string(),
  student: v.object({
    id: idSchema,
    name: v.string(),
    email: v.string(),
    phone_number: v.nullable(v.string()),
  }),
  taught_language: v.string(),
  teaching_language: v.string(),
  level: v.string(),
  specialization: v.nullable(v.string()),
  /** The Poland day and time the student wanted. */
  date: v.string(),
  hour: v.string(),
  handled_at: v.nullable(v.string()),
  handled_by: v.nullable(v.object({ id: idSchema, email: v.string() })),
})
export type LackOfSlotsReportDto = v.InferOutput<typeof lackOfSlotsReportSchema>

export const lackOfSlotsGroupSchema = v.object({
  key: v.object({ taught_language: v.string(), level: v.string(), hour: v.string() }),
  /** Requests in the group under the filter, and how many of those wait. */
  count: v.number(),
  unhandled: v.number(),
  teaching_languages: v.array(v.string()),
  first_at: v.string(),
  last_at: v.string(),
  /** The newest few (LACK_OF_SLOTS_LATEST) requests of the group. */
  latest: v.array(lackOfSlotsReportSchema),
})
export const LACK_OF_SLOTS_LATEST = 5
export const lackOfSlotsResponse = envelope(
  v.object({ groups: v.array(lackOfSlotsGroupSchema), page: v.number(), has_more: v.boolean() }),
)

// POST /admin/lack_of_slots/handle's body: admin-lack-of-slots-handle.ts (its v.union would join
// the login page's shared code if the web's console imported it from here; architecture.md "Loading").
export const lackOfSlotsHandleResponse = envelope(v.object({ handled: v.number(), ids: v.array(idSchema) }))

/** GET /admin/overview: the last `weeks` ISO weeks (Poland), and teachers' shares over a period. */
export const overviewQuery = v.object({
  weeks: pageParam(12, 52),
  /** The period of the teachers' shares, Poland days inclusive (default: the weeks shown). */
  date_from: dateParam,
  date_to: dateParam,
})

export const overviewWeekSchema = v.object({
  /** Monday of the ISO week (Poland), and its ISO name (2026-W11). */
  week_start: v.string(),
  iso_week: v.string(),
  /** Lessons booked in the week (group lessons apart). */
  bookings: v.number(),
  /** Lessons cancelled in the week: all, late (inside cancellation_earliness, by a party), by the school. */
  cancellations: v.number(),
  late_cancellations: v.number(),
  school_cancellations: v.number(),
  /** Absence reports accepted, by the week of their lesson; reports made in the week. */
  absences: v.number(),
  absence_reports: v.number(),
  /** The AI lesson: students' messages and the students who wrote them. */
  ai_messages: v.number(),
  ai_students: v.number(),
})

export const teacherShareSchema = v.object({
  teacher: v.object({ id: idSchema, name: v.nullable(v.string()), email: v.string() }),
  /** Published 45-minute slots in the period, and those with a lesson booked (not cancelled). */
  published_slots: v.number(),
  booked_slots: v.number(),
  published_hours: v.number(),
  booked_hours: v.number(),
  /** booked / published, 0–1 (0 without published slots). */
  share: v.number(),
})

export const overviewResponse = envelope(
  v.object({
    weeks: v.array(overviewWeekSchema),
    /** The cancellation_earliness (hours) the late cancellations were counted with. */
    cancellation_earliness: v.number(),
    period: v.object({ date_from: v.string(), date_to: v.string() }),
    teachers: v.array(teacherShareSchema),
  }),
)
