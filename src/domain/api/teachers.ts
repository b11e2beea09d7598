import * as v from 'valibot'
import { parseTime } from '../schedule/time-of-day.ts'
import { issue } from '../validation/issues.ts'
import { emailSchema, envelope, idSchema, pageParam } from './common.ts'
import { isDateKey } from './timetables.ts'

// Teacher search and allowed students (product-rules.md "Teacher search", "Allowed students"):
// GET /teachers/search, GET /teachers/it_teachers, GET teacher_students/list,
// POST teacher_students/create, GET /teachers/list_students_with_lessons.

/** Query strings arrive as text: an optional positive whole number. */
const optionalIdParam = v.optional(
  v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, issue('invalid')), v.transform(Number)),
)

/**
 * The search's `time` as JSON {from, to}: Poland wall-clock 'HH:mm' on the 15-minute grid. `to` of
 * '00:00' means midnight at the end of the day (product-rules.md "Teacher search": a window
 * reaching 24:00 wraps to 0).
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

/** GET /teachers/search query; `day` is a date of the schedule range (YYYY-MM-DD). */
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

// A teacher search result (product-rules.md "Records and fields"), plus what the results list
// shows beside it.
export const teacherSearchResultSchema = v.object({
  id: idSchema,
  first_name: v.string(),
  last_name: v.string(),
  average_rating: v.nullable(v.number()),
  image_url: v.nullable(v.string()),
  taught_languages: v.array(v.object({ id: v.number(), level: v.object({ id: v.number() }) })),
  /** The teacher takes only the students on their allowed list (product-rules.md "Allowed students"). */
  not_accepting_new_students: v.boolean(),
  /** ISO instant of the soonest slot that matches the filters and is free, or null. */
  next_free_slot: v.nullable(v.string()),
})
export type TeacherSearchResult = v.InferOutput<typeof teacherSearchResultSchema>

/** The paginated wrapper (data, currentPage, lastPage, perPage, total). */
export const teacherSearchResponse = v.object({
  data: v.array(teacherSearchResultSchema),
  currentPage: v.number(),
  lastPage: v.number(),
  perPage: v.number(),
  total: v.number(),
})
export type TeacherSearchPage = v.InferOutput<typeof teacherSearchResponse>

/**
 * GET /teachers/it_teachers: teachers with the IT specialization, for partner users
 * (product-rules.md "Who uses it"); each also says for which of their languages they teach IT, so
 * that the card can name them.
 */
export const itTeacherSchema = v.object({
  ...teacherSearchResultSchema.entries,
  it_language_ids: v.array(v.number()),
})
export type ItTeacher = v.InferOutput<typeof itTeacherSchema>
export const itTeachersResponse = envelope(v.array(itTeacherSchema))

// The allowed-students list, student e-mails (product-rules.md "Allowed students"); teacher_students/*
// and list_students_with_lessons.
export const teacherStudentSchema = v.object({
  id: idSchema,
  email: v.string(),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
})
export type TeacherStudent = v.InferOutput<typeof teacherStudentSchema>
export const teacherStudentsResponse = envelope(v.array(teacherStudentSchema))

/** The profile's `teacher_students` (GET /teachers/me): how many students the teacher approved. */
export const teacherStudentsCountResponse = envelope(v.object({ teacher_students: v.number() }))

/**
 * POST teacher_students/create {emails}: replaces the teacher's allowed students. At least one
 * ("Select at least one student", product-rules.md "Allowed students"); each must be the e-mail of
 * a student account (active or invited), with lessons with the teacher or not yet.
 */
export const teacherStudentsCreateSchema = v.object({
  emails: v.pipe(
    v.array(emailSchema, issue('student_required')),
    v.minLength(1, issue('student_required')),
    v.maxLength(500, issue('too_many', 500)),
  ),
})
export type TeacherStudentsCreate = v.InferOutput<typeof teacherStudentsCreateSchema>
