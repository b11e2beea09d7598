import * as v from 'valibot'
import { TEXT_LIMIT } from '../constants.ts'
import { issue } from '../validation/issues.ts'
import { storableString } from '../validation/storable-text.ts'
import { envelope, idSchema, pageParam } from './common.ts'
import { attendanceSchema, lessonStatusSchema, voiceRecordingSchema } from './my-lessons.ts'
import { archiveSchema } from './recordings.ts'
import { isDateKey } from './timetables.ts'

// The school's console: the lessons and the absence reports (product-rules.md "Absence reports",
// "Warning and ban", "Teacher penalties"). Lists answer as /admin/audit/index does: the page,
// `has_more`, newest (or, for the open queue, oldest) first.

const idParam = v.pipe(v.string(issue('required')), v.uuid(issue('invalid')))
const dateParam = v.optional(v.pipe(v.string(), v.check(isDateKey, issue('date_format'))))
/** product-rules.md "Validation": reasons and notes hold at most 255 characters. */
const limitedText = v.pipe(
  storableString(issue('invalid')),
  v.trim(),
  v.maxLength(TEXT_LIMIT, issue('too_long', TEXT_LIMIT)),
)

/** A person as the console names them: the full name (null before registration) and e-mail. */
export const adminPersonSchema = v.object({
  id: idSchema,
  name: v.nullable(v.string()),
  email: v.string(),
})
export type AdminPerson = v.InferOutput<typeof adminPersonSchema>

/** GET /admin/lessons/index: Poland days (inclusive) of the start, the parties, the status. */
export const adminLessonsQuery = v.object({
  date_from: dateParam,
  date_to: dateParam,
  teacher_id: v.optional(idParam),
  student_id: v.optional(idParam),
  status: v.optional(lessonStatusSchema),
  page: pageParam(1, 10_000),
  per_page: pageParam(50, 200),
})

export const adminLessonSchema = v.object({
  id: idSchema,
  starts_at: v.string(),
  ends_at: v.string(),
  teacher: adminPersonSchema,
  student: v.object({ ...adminPersonSchema.entries, company_name: v.nullable(v.string()) }),
  language: v.object({ id: v.number(), name: v.string(), name_pl: v.string() }),
  level: v.object({ id: v.number(), name: v.string() }),
  status: lessonStatusSchema,
  is_group: v.boolean(),
  cancelled_at: v.nullable(v.string()),
  /** The student, the teacher, or the school (an operator) who cancelled it. */
  cancelled_by: v.nullable(
    v.object({
      role: v.picklist(['student', 'teacher', 'operator']),
      id: idSchema,
      name: v.nullable(v.string()),
      email: v.string(),
    }),
  ),
  cancellation_reason: v.nullable(v.string()),
  /** Absence reports on the lesson, and how many of them wait for the school. */
  absence_reports: v.number(),
  open_absence_reports: v.number(),
})
export type AdminLesson = v.InferOutput<typeof adminLessonSchema>

export const adminLessonsResponse = envelope(
  v.object({ lessons: v.array(adminLessonSchema), page: v.number(), has_more: v.boolean() }),
)

export const adminLessonShowQuery = v.object({ lesson_id: idParam })

/** One merged stay in the lesson room (protocol §4), with the party's id. */
export const adminAttendanceSchema = v.object({ ...attendanceSchema.entries, user_id: idSchema })
export type AdminAttendanceDto = v.InferOutput<typeof adminAttendanceSchema>

export const absenceReportStatusSchema = v.picklist(['open', 'accepted', 'dismissed'])

/** An absence report as the school reviews it, with the room's attendance beside the claim. */
export const adminAbsenceReportSchema = v.object({
  id: idSchema,
  lesson: v.object({
    id: idSchema,
    starts_at: v.string(),
    ends_at: v.string(),
    status: lessonStatusSchema,
    /** Both names of the language: the console shows the one of its own language. */
    language: v.object({ id: v.number(), name: v.string(), name_pl: v.string() }),
    level: v.string(),
  }),
  reporter: v.object({ ...adminPersonSchema.entries, role: v.picklist(['student', 'teacher']) }),
  absentee: v.object({
    ...adminPersonSchema.entries,
    role: v.picklist(['student', 'teacher']),
    /**
     * A student's warning and ban as they are now, null for a teacher
     * (product-rules.md "Warning and ban").
     */
    warned_at: v.nullable(v.string()),
    banned_until: v.nullable(v.string()),
    /**
     * product-rules.md "Teacher penalties": a teacher's financial penalties so far, this one's
     * included once accepted (0 for a student).
     */
    penalties: v.number(),
  }),
  note: v.string(),
  /** Whether the absentee had entered the room when the report was made. */
  absentee_joined: v.boolean(),
  created_at: v.string(),
  status: absenceReportStatusSchema,
  resolved_at: v.nullable(v.string()),
  resolved_by: v.nullable(v.object({ id: idSchema, email: v.string() })),
  resolution_note: v.nullable(v.string()),
  /** Both parties' stays in the lesson room, oldest first (the server's records). */
  attendance: v.array(adminAttendanceSchema),
})
export type AdminAbsenceReport = v.InferOutput<typeof adminAbsenceReportSchema>

export const adminLessonDetailSchema = v.object({
  ...adminLessonSchema.entries,
  note: v.nullable(v.string()),
  rating: v.nullable(v.object({ value: v.number(), comment: v.string() })),
  attendance: v.array(adminAttendanceSchema),
  /** How many chat messages the lesson room holds (their text stays the parties'). */
  chat_messages: v.number(),
  materials: v.array(
    v.object({
      id: idSchema,
      filename: v.string(),
      owner_role: v.picklist(['student', 'teacher']),
      size: v.number(),
      created_at: v.string(),
    }),
  ),
  recordings: v.array(archiveSchema),
  /** The student's voice clips, oldest first, each with a short-lived URL to play it. */
  voice_recordings: v.array(voiceRecordingSchema),
  reports: v.array(adminAbsenceReportSchema),
  /** The lesson's SMS, newest first: to whom, what, and where each stands (product-rules.md "SMS"). */
  sms: v.array(
    v.object({
      id: idSchema,
      kind: v.picklist(['lesson_reminder', 'lesson_cancelled']),
      to_role: v.picklist(['student', 'teacher']),
      to_number: v.string(),
      body: v.string(),
      state: v.picklist(['sending', 'retrying', 'sent', 'delivered', 'failed', 'skipped']),
      reason: v.nullable(v.string()),
      created_at: v.string(),
      state_at: v.string(),
    }),
  ),
  /** The teacher's financial penalties recorded on this lesson (product-rules.md "Teacher penalties"). */
  penalties: v.array(
    v.object({
      id: idSchema,
      teacher_id: idSchema,
      reason: v.picklist(['late_cancellation', 'absence']),
      created_at: v.string(),
    }),
  ),
})
export type AdminLessonDetail = v.InferOutput<typeof adminLessonDetailSchema>
export const adminLessonShowResponse = envelope(adminLessonDetailSchema)

/** POST /admin/lessons/cancel: the school cancels, with a reason, and nobody is penalised. */
export const adminLessonCancelBody = v.object({
  lesson_id: idParam,
  reason: v.pipe(limitedText, v.nonEmpty(issue('required'))),
})
export const adminLessonCancelResponse = envelope(adminLessonDetailSchema)

/** GET /admin/absence_reports/index: the queue (open, oldest first) or the decided ones. */
export const absenceReportsQuery = v.object({
  status: v.optional(absenceReportStatusSchema, 'open'),
  lesson_id: v.optional(idParam),
  page: pageParam(1, 10_000),
  per_page: pageParam(50, 200),
})
export const absenceReportsResponse = envelope(
  v.object({ reports: v.array(adminAbsenceReportSchema), page: v.number(), has_more: v.boolean() }),
)

/** POST /admin/absence_reports/resolve. */
export const absenceResolveBody = v.object({
  report_id: idParam,
  decision: v.picklist(['accept', 'dismiss'], issue('invalid')),
  note: v.optional(limitedText, ''),
})
/**
 * What accepting did to the absentee (product-rules.md "Warning and ban", "Teacher penalties"): a
 * student's warning or ban, a teacher's penalty.
 */
export const absenceConsequenceSchema = v.nullable(v.picklist(['warned', 'banned', 'penalty']))
export const absenceResolveResponse = envelope(
  v.object({
    report: adminAbsenceReportSchema,
    consequence: absenceConsequenceSchema,
    banned_until: v.nullable(v.string()),
    /** Whether each party's e-mail went out. */
    mail_sent: v.object({ reporter: v.boolean(), absentee: v.boolean() }),
  }),
)
