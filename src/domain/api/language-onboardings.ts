import * as v from 'valibot'
import { isScheduleTime, parseTime } from '../schedule/time-of-day.ts'
import { issue } from '../validation/issues.ts'
import { dictionaryId } from '../validation/rules.ts'
import { envelope } from './common.ts'
import { isDateKey } from './timetables.ts'

// GET /language_onboardings/check_teacher_existence and POST
// /language_onboardings/report_lack_of_slots (product-rules.md "Language onboarding"). `language_id`
// is the language the student learns (the teacher's taught language), `teaching_language_id` the
// one lessons are held in (the onboarding's step 1), `specialization_id` optional (any purpose).

const idText = (required: boolean) =>
  v.pipe(
    v.string(issue(required ? 'required' : 'invalid')),
    v.regex(/^[1-9]\d{0,8}$/, issue('invalid')),
    v.transform(Number),
  )

export const teacherExistenceQuery = v.object({
  language_id: idText(true),
  teaching_language_id: idText(true),
  level_id: idText(true),
  specialization_id: v.optional(idText(false)),
})
export type TeacherExistenceQuery = v.InferOutput<typeof teacherExistenceQuery>

export const teacherExistenceResponse = envelope(v.object({ exists: v.boolean() }))

/** The time picker (product-rules.md "Validation"): 'HH:mm' on the 15-minute grid, 06:00–23:00. */
export const pickerHourSchema = v.pipe(
  v.string(issue('required')),
  v.check((value) => parseTime(value) !== null, issue('time_format')),
  v.check((value) => isScheduleTime(parseTime(value) ?? -1), issue('time_grid')),
)

/**
 * The criteria of one failed search: what the student asked for in steps 1, 2 and 4 of
 * product-rules.md "Language onboarding".
 */
export const lackOfSlotsInput = v.strictObject({
  // Bounded like every dictionary id: an id past PostgreSQL's integer is a 422, not a 500
  // (decisions.md "Hostile input, caches and logs").
  language_id: dictionaryId(issue('required')),
  teaching_language_id: dictionaryId(issue('required')),
  level_id: dictionaryId(issue('required')),
  specialization_id: v.optional(v.nullable(dictionaryId())),
  date: v.pipe(v.string(issue('required')), v.check(isDateKey, issue('date_format'))),
  hour: pickerHourSchema,
})
export type LackOfSlotsInput = v.InferOutput<typeof lackOfSlotsInput>

/**
 * A lack-of-slots report as stored and sent to the school: the student's details come from
 * the account, the language, level and specialization names from the dictionaries (English names).
 */
export const lackOfSlotsReportSchema = v.object({
  id: v.string(),
  student_full_name: v.string(),
  student_email: v.string(),
  student_phone_number: v.nullable(v.string()),
  teaching_language: v.string(),
  taught_language: v.string(),
  level: v.string(),
  specialization: v.nullable(v.string()),
  date: v.string(),
  hour: v.string(),
  reported_at: v.string(),
})
export type LackOfSlotsReport = v.InferOutput<typeof lackOfSlotsReportSchema>

/** `created`: false when the same student sent the same criteria earlier the same day. */
export const lackOfSlotsResponse = envelope(
  v.object({ report: lackOfSlotsReportSchema, created: v.boolean() }),
)
