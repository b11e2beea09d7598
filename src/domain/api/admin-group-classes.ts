import * as v from 'valibot'
import { DESCRIPTION_MAX, SHORT_TEXT_MAX } from '../constants.ts'
import { MAX_MEETINGS, MAX_UNITS, MIN_UNITS, parseTime } from '../group-classes/series.ts'
import { issue } from '../validation/issues.ts'
import { singleLine, storableString } from '../validation/storable-text.ts'
import { adminPersonSchema } from './admin-lessons.ts'
import { CSV_MAX_CHARS, companyNameSchema, dateKeySchema } from './admin-students.ts'
import { searchParam } from './admin-teachers.ts'
import { envelope, idSchema, pageParam } from './common.ts'

// The school's console, Group classes (product-rules.md "Group classes"): the list, a class with
// its meetings, roster and waiting list, and the writes — create, update, enrol (by ids, a CSV of
// e-mails or a whole company), remove, move or cancel a meeting, cancel the rest.

export const CAPACITY_MIN = 2
export const CAPACITY_MAX = 12
/** Students enrolled by id in one request (a page of the search, or a few). */
export const ENROL_IDS_MAX = 100
/** Extra single meetings in one class's form. */
export const EXTRA_MEETINGS_MAX = 50
export const GROUP_CLASS_STATES = ['active', 'finished', 'cancelled'] as const
export type GroupClassState = (typeof GROUP_CLASS_STATES)[number]

const idParam = v.pipe(v.string(issue('required')), v.uuid(issue('invalid')))
const timeSchema = v.pipe(
  v.string(issue('required')),
  v.check((time) => parseTime(time) !== null, issue('invalid')),
)
const unitsSchema = v.pipe(
  v.number(issue('invalid')),
  v.integer(issue('invalid')),
  v.minValue(MIN_UNITS, issue('invalid')),
  v.maxValue(MAX_UNITS, issue('invalid')),
)
const titleSchema = v.pipe(
  storableString(issue('required')),
  singleLine(),
  v.trim(),
  v.nonEmpty(issue('required')),
  v.maxLength(SHORT_TEXT_MAX, issue('too_long', SHORT_TEXT_MAX)),
)
const descriptionSchema = v.pipe(
  storableString(issue('invalid')),
  v.trim(),
  v.maxLength(DESCRIPTION_MAX, issue('too_long', DESCRIPTION_MAX)),
)
const capacitySchema = v.pipe(
  v.number(issue('invalid')),
  v.integer(issue('invalid')),
  v.minValue(CAPACITY_MIN, issue('invalid')),
  v.maxValue(CAPACITY_MAX, issue('invalid')),
)
/** A language's or level's id (a PostgreSQL integer). */
const referenceSchema = v.pipe(
  v.number(issue('invalid')),
  v.integer(issue('invalid')),
  v.minValue(1, issue('invalid')),
  v.maxValue(1_000_000, issue('invalid')),
)

/** GET /admin/group_classes/index: newest classes first. */
export const adminGroupClassesQuery = v.object({
  teacher_id: v.optional(idParam),
  language_id: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, issue('invalid')), v.transform(Number)),
  ),
  /** Part of the class's company name, case-insensitive. */
  company: searchParam,
  state: v.optional(v.picklist(GROUP_CLASS_STATES, issue('invalid'))),
  page: pageParam(1, 10_000),
  per_page: pageParam(20, 100),
})

export const groupClassSchema = v.object({
  id: idSchema,
  title: v.string(),
  description: v.string(),
  teacher: adminPersonSchema,
  language: v.object({ id: v.number(), name: v.string(), name_pl: v.string() }),
  level: v.object({ id: v.number(), name: v.string() }),
  company_name: v.nullable(v.string()),
  capacity: v.number(),
  provider: v.picklist(['builtin', 'vonage']),
  /** `cancelled`: the school cancelled what remained; `finished`: no meeting is still to come. */
  state: v.picklist(GROUP_CLASS_STATES),
  enrolled: v.number(),
  waiting: v.number(),
  meetings: v.number(),
  /** The next active meeting's start, if any. */
  next_meeting_at: v.nullable(v.string()),
  created_at: v.string(),
})
export type AdminGroupClass = v.InferOutput<typeof groupClassSchema>

export const adminGroupClassesResponse = envelope(
  v.object({ classes: v.array(groupClassSchema), page: v.number(), has_more: v.boolean() }),
)

export const groupClassShowQuery = v.object({ class_id: idParam })

const memberStudentSchema = v.object({ ...adminPersonSchema.entries, company_name: v.nullable(v.string()) })

export const groupMeetingSchema = v.object({
  id: idSchema,
  starts_at: v.string(),
  ends_at: v.string(),
  /** `upcoming` may be moved or cancelled; `started` is under way; `past` has ended. */
  state: v.picklist(['upcoming', 'started', 'past', 'cancelled']),
  cancelled_at: v.nullable(v.string()),
  /** The students who said they will not come to it (product-rules.md "Group classes"). */
  not_coming: v.array(v.string()),
})
export type AdminGroupMeeting = v.InferOutput<typeof groupMeetingSchema>

export const groupClassDetailSchema = v.object({
  ...groupClassSchema.entries,
  meetings_list: v.array(groupMeetingSchema),
  /** Enrolled students with their attendance: meetings they were in the room for, of past ones. */
  roster: v.array(
    v.object({ student: memberStudentSchema, attended: v.number(), past: v.number(), since: v.string() }),
  ),
  /** The waiting list, first come first in. */
  waiting_list: v.array(v.object({ student: memberStudentSchema, since: v.string() })),
})
export type AdminGroupClassDetail = v.InferOutput<typeof groupClassDetailSchema>
export const groupClassDetailResponse = envelope(groupClassDetailSchema)

const seriesSchema = v.object({
  weekdays: v.pipe(
    v.array(v.picklist([1, 2, 3, 4, 5, 6, 7], issue('invalid')), issue('invalid')),
    v.minLength(1, issue('required')),
    v.maxLength(7, issue('invalid')),
  ),
  start_time: timeSchema,
  units: unitsSchema,
  first_date: dateKeySchema,
  /** Either a number of meetings or a last date. */
  meetings: v.optional(
    v.pipe(
      v.number(issue('invalid')),
      v.integer(issue('invalid')),
      v.minValue(1, issue('invalid')),
      v.maxValue(MAX_MEETINGS, issue('invalid')),
    ),
  ),
  last_date: v.optional(dateKeySchema),
})

const extraMeetingSchema = v.object({ date: dateKeySchema, time: timeSchema, units: unitsSchema })

/** POST /admin/group_classes/create. */
export const createGroupClassBody = v.object({
  teacher_id: idParam,
  language_id: referenceSchema,
  level_id: referenceSchema,
  title: titleSchema,
  description: v.optional(descriptionSchema, ''),
  company_name: v.optional(v.nullable(companyNameSchema), null),
  capacity: capacitySchema,
  provider: v.optional(v.picklist(['builtin', 'vonage'], issue('invalid')), 'builtin'),
  series: v.optional(v.nullable(seriesSchema), null),
  extra: v.optional(
    v.pipe(v.array(extraMeetingSchema, issue('invalid')), v.maxLength(EXTRA_MEETINGS_MAX, issue('too_many'))),
    [],
  ),
})
export type CreateGroupClassBody = v.InferInput<typeof createGroupClassBody>

/** POST /admin/group_classes/update: what changes; a capacity under the enrolled count is refused. */
export const updateGroupClassBody = v.object({
  class_id: idParam,
  title: v.optional(titleSchema),
  description: v.optional(descriptionSchema),
  level_id: v.optional(referenceSchema),
  capacity: v.optional(capacitySchema),
})

export const classIdBody = v.object({ class_id: idParam })

export const enrolStudentsBody = v.object({
  class_id: idParam,
  student_ids: v.pipe(
    v.array(idParam, issue('invalid')),
    v.minLength(1, issue('required')),
    v.maxLength(ENROL_IDS_MAX, issue('too_many')),
  ),
})

/** A CSV of e-mails: one per row, in its first column; a header row `email` is skipped. */
export const enrolCsvBody = v.object({
  class_id: idParam,
  csv: v.pipe(
    storableString(issue('required')),
    v.nonEmpty(issue('required')),
    v.maxLength(CSV_MAX_CHARS, issue('too_long', CSV_MAX_CHARS)),
  ),
})

export const enrolCompanyBody = v.object({
  class_id: idParam,
  company_name: v.pipe(companyNameSchema, v.nonEmpty(issue('required'))),
})

export const removeStudentBody = v.object({ class_id: idParam, student_id: idParam })
export const meetingIdBody = v.object({ meeting_id: idParam })
export const moveMeetingBody = v.object({ meeting_id: idParam, date: dateKeySchema, time: timeSchema })

/** What an enrolment did: who got a place, who joined the waiting list, who was in already. */
export const enrolResultSchema = v.object({ enrolled: v.number(), waiting: v.number(), already: v.number() })

/** A CSV row's problem: not an e-mail, no student with it, or on an earlier row too. */
export const ENROL_CSV_PROBLEMS = ['email_invalid', 'unknown_email', 'email_duplicate'] as const
export const enrolCsvRowSchema = v.object({
  line: v.number(),
  email: v.string(),
  problem: v.nullable(v.picklist(ENROL_CSV_PROBLEMS)),
})
export type EnrolCsvRow = v.InferOutput<typeof enrolCsvRowSchema>

export const enrolResponse = envelope(enrolResultSchema)
/** With a problem on any row nobody is enrolled (`enrolled`, `waiting` and `already` are 0). */
export const enrolCsvResponse = envelope(
  v.object({ ...enrolResultSchema.entries, rows: v.array(enrolCsvRowSchema), added: v.boolean() }),
)
