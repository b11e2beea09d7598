import * as v from 'valibot'
import { parseTime } from '../schedule/time-of-day.ts'
import { issue } from '../validation/issues.ts'
import { emailSchema, envelope, idSchema, pageParam } from './common.ts'
import { isDateKey } from './timetables.ts'

// spec §3 Teacher search result and §7 GET /teachers/search, GET /teachers/it_teachers,
// GET teacher_students/list, POST teacher_students/create, GET /teachers/list_students_with_lessons
// (issue #4 items 3 and 6).

/** Query strings arrive as text: an optional positive whole number. */
const optionalIdParam = v.optional(
  v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, issue('invalid')), v.transform(Number)),
)

/**
 * spec §7 `time` as JSON {from, to}: Poland wall-clock 'HH:mm' on the 15-minute grid. `to` of
 * '00:00' means midnight at the end of the day (spec §9: a window reaching 24:00 wraps to 0).
 */
export const timeWindowSchema = v.pipe(
  v.object({
    from: v.pipe(
      v.string(),
      v.check((value) => parseTime(value) !== null, issue('time_format')),
    ),
    to: v.pipe(
      v.string(),
      v.check((value) => parseTime(value) !== null, issue('time_format')),
    ),
  }),
  v.check(
    ({ from, to }) => to === '00:00' || (parseTime(from) ?? 0) < (parseTime(to) ?? 0),
    issue('time_window'),
  ),
)
export type TimeWindow = v.InferOutput<typeof timeWindowSchema>

const timeParam = v.optional(
  v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        const parsed: unknown = JSON.parse(dataset.value)
        return parsed
      } catch {
        addIssue({ message: issue('time_format') })
        return NEVER
      }
    }),
    timeWindowSchema,
  ),
)

/** GET /teachers/search query (spec §7); `day` is a date of the schedule range (YYYY-MM-DD). */
export const teacherSearchQuery = v.object({
  language_id: optionalIdParam,
  teaching_language_id: optionalIdParam,
  level_id: optionalIdParam,
  specialization_id: optionalIdParam,
  day: v.optional(v.pipe(v.string(), v.check(isDateKey, issue('date_format')))),
  time: timeParam,
  page: pageParam(1, 100_000),
  per_page: pageParam(10, 50),
})
export type TeacherSearchQuery = v.InferOutput<typeof teacherSearchQuery>

// spec §3 Teacher search result, plus what the results list shows beside it.
export const teacherSearchResultSchema = v.object({
  id: idSchema,
  first_name: v.string(),
  last_name: v.string(),
  average_rating: v.nullable(v.number()),
  image_url: v.nullable(v.string()),
  taught_languages: v.array(v.object({ id: v.number(), level: v.object({ id: v.number() }) })),
  /** The teacher does not take students who are not on their allowed list (spec §4). */
  not_accepting_new_students: v.boolean(),
  /** ISO instant of the soonest slot that matches the filters and is free, or null. */
  next_free_slot: v.nullable(v.string()),
})
export type TeacherSearchResult = v.InferOutput<typeof teacherSearchResultSchema>

/** spec §3: the paginated wrapper (data, currentPage, lastPage, perPage, total). */
export const teacherSearchResponse = v.object({
  data: v.array(teacherSearchResultSchema),
  currentPage: v.number(),
  lastPage: v.number(),
  perPage: v.number(),
  total: v.number(),
})
export type TeacherSearchPage = v.InferOutput<typeof teacherSearchResponse>

/**
 * GET /teachers/it_teachers: teachers with the IT specialization, for partner users (spec §1); each
 * also says for which of their languages they teach IT (issue #11 item 8: the card showed none).
 */
export const itTeacherSchema = v.object({
  ...teacherSearchResultSchema.entries,
  it_language_ids: v.array(v.number()),
})
export type ItTeacher = v.InferOutput<typeof itTeacherSchema>
export const itTeachersResponse = envelope(v.array(itTeacherSchema))

// spec §3 "Allowed-students list: student emails"; teacher_students/* and list_students_with_lessons.
export const teacherStudentSchema = v.object({
  id: idSchema,
  email: v.string(),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
})
export type TeacherStudent = v.InferOutput<typeof teacherStudentSchema>
export const teacherStudentsResponse = envelope(v.array(teacherStudentSchema))

/** spec §3 Profile `teacher_students` of GET /teachers/me: how many students the teacher approved. */
export const teacherStudentsCountResponse = envelope(v.object({ teacher_students: v.number() }))

/**
 * POST teacher_students/create {emails}: replaces the teacher's allowed students. At least one
 * (spec §5 "Select at least one student"); each must be the e-mail of a student account (active
 * or invited), with lessons with the teacher or not yet (issue #11 item 4).
 */
export const teacherStudentsCreateSchema = v.object({
  emails: v.pipe(
    v.array(emailSchema, issue('student_required')),
    v.minLength(1, issue('student_required')),
    v.maxLength(500, issue('too_many', 500)),
  ),
})
export type TeacherStudentsCreate = v.InferOutput<typeof teacherStudentsCreateSchema>
