import * as v from 'valibot'
import { RATING_MAX, RATING_MIN, TEXT_LIMIT } from '../constants.ts'
import { issue } from '../validation/issues.ts'
import { storableString } from '../validation/storable-text.ts'
import { envelope, idSchema, pageParam, roleSchema } from './common.ts'
import { lessonGroupSchema } from './group-lessons.ts'
import { isDateKey } from './timetables.ts'

// The room's attendance is part of the lesson: here, not in room.ts, so that the lesson lists do
// not bring the signalling schemas along (architecture.md "Loading").
/** A server-recorded interval of presence in the room; `to` is null while the party is there. */
export const attendanceSchema = v.object({
  role: roleSchema,
  from: v.string(),
  to: v.nullable(v.string()),
})
export type Attendance = v.InferOutput<typeof attendanceSchema>

// The contract of my-lessons (product-rules.md "Records and fields", "API calls"): the Lesson,
// Rating and Absence report records;
// lessons/list_scheduled|list_finished|list_group|show|cancel|update|remove_file|report_absence,
// ratings/create|update. Writes accept an `Idempotency-Key` header (lessons.ts IDEMPOTENCY_HEADER).

/**
 * The lesson's status (product-rules.md "States and transitions"): `finished` once the lesson's end
 * has passed, unless it was cancelled.
 */
export const lessonStatusSchema = v.picklist(['scheduled', 'finished', 'cancelled'])
export type LessonStatus = v.InferOutput<typeof lessonStatusSchema>

/** A lesson's file (FileItem): `type` is the role that owns the file; only that role may delete it. */
export const lessonFileSchema = v.object({
  id: idSchema,
  filename: v.string(),
  /** Authenticated download (GET, bearer token): /api/v1/lessons/download_file?lesson_id&file_id. */
  file_url: v.string(),
  type: v.picklist(['teacher', 'student']),
  /** Detected content type (domain/files.ts FileType) and size, for the FileItem. */
  content_type: v.string(),
  size: v.number(),
  created_at: v.string(),
})
export type LessonFile = v.InferOutput<typeof lessonFileSchema>

export const lessonPartySchema = v.object({
  id: idSchema,
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  image_url: v.nullable(v.string()),
})
export type LessonParty = v.InferOutput<typeof lessonPartySchema>

export const lessonRatingSchema = v.object({
  value: v.number(),
  comment: v.string(),
})

/** The asking user's own absence report on this lesson, if any. */
export const absenceReportSchema = v.object({
  absentee_id: idSchema,
  note: v.string(),
  /** Whether the absentee's socket had entered the lesson room when the report was made. */
  absentee_joined: v.boolean(),
  created_at: v.string(),
})

export const lessonRecordingSchema = v.object({
  id: idSchema,
  status: v.picklist(['recording', 'processing', 'ready']),
  duration_ms: v.nullable(v.number()),
  kept_until: v.string(),
})
export type LessonRecording = v.InferOutput<typeof lessonRecordingSchema>

export const voiceRecordingSchema = v.object({
  id: idSchema,
  /** A signed, short-lived URL of the clip (an audio element sends no bearer token). */
  url: v.string(),
  size: v.number(),
  created_at: v.string(),
  /** Its length in ms; null for a clip kept before lengths were; absent from copies kept before. */
  duration_ms: v.optional(v.nullable(v.number()), null),
})
export type VoiceRecording = v.InferOutput<typeof voiceRecordingSchema>

/**
 * The lesson (product-rules.md "Records and fields"), as every lessons/* answer returns it to one
 * of its two parties. Times are ISO instants (UTC); the web shows them in Poland time (and the
 * user's own zone when it differs).
 */
export const lessonSchema = v.object({
  id: idSchema,
  lesson_id: idSchema,
  room_token: v.nullable(v.string()),
  is_learncube: v.boolean(),
  is_group: v.boolean(),
  scheduled_at: v.string(),
  ends_at: v.string(),
  /** The end, once it has passed and the lesson was not cancelled. */
  finished_at: v.nullable(v.string()),
  cancelled_at: v.nullable(v.string()),
  canceled: v.boolean(),
  cancelled_by_role: v.nullable(v.picklist(['student', 'teacher'])),
  cancellation_reason: v.nullable(v.string()),
  status: lessonStatusSchema,
  language: v.object({ id: v.number(), name: v.string(), name_pl: v.string() }),
  level: v.object({ id: v.number(), name: v.string() }),
  /** The other party's full name (the teacher for a student, the student for a teacher). */
  fullName: v.string(),
  teacher: lessonPartySchema,
  student: lessonPartySchema,
  /** The student's note for the lesson (AddNote; see docs/decisions.md). */
  note: v.nullable(v.string()),
  teacher_memos: v.nullable(v.string()),
  /** Always null for group lessons: the student memo is hidden there (product-rules.md "Notes and memos"). */
  student_memos: v.nullable(v.string()),
  rating: v.nullable(lessonRatingSchema),
  /**
   * The lesson's "rating (value 1-5, comment; also rate)" (product-rules.md "Records and fields"):
   * the same rating under its other name. Optional: lessons kept on the device before it came have
   * none.
   */
  rate: v.optional(v.nullable(lessonRatingSchema), null),
  lesson_files: v.array(lessonFileSchema),
  my_absence_report: v.nullable(absenceReportSchema),
  /** Who was in the lesson room, from when to when, by the server's records. */
  attendance: v.array(attendanceSchema),
  /**
   * The lesson's recordings, newest first, without their URLs (lessons/archives/list signs those
   * when they are played). Optional: lessons kept offline before it came have none.
   */
  recordings: v.optional(v.array(lessonRecordingSchema), []),
  /** The student's voice clips of the lesson, oldest first, to replay. */
  voice_recordings: v.optional(v.array(voiceRecordingSchema), []),
  /** A group lesson's class; optional: lessons kept on the device before it came have none. */
  group: v.optional(v.nullable(lessonGroupSchema), null),
})
export type Lesson = v.InferOutput<typeof lessonSchema>

/** The answer of GET /lessons/list_scheduled. */
export const scheduledLessonsResponse = envelope(
  v.object({
    lessons: v.array(lessonSchema),
    voice_sample_provided: v.boolean(),
    scheduled_lessons_limit_per_student: v.number(),
  }),
)
export type ScheduledLessons = v.InferOutput<typeof scheduledLessonsResponse>['data']

/** GET /lessons/list_finished and /lessons/list_group: the paginated wrapper, newest first. */
export const lessonPageResponse = v.object({
  data: v.array(lessonSchema),
  currentPage: v.number(),
  lastPage: v.number(),
  perPage: v.number(),
  total: v.number(),
})
export type LessonPage = v.InferOutput<typeof lessonPageResponse>

const dateParam = v.optional(v.pipe(v.string(), v.check(isDateKey, issue('date_format'))))

/** Query of list_finished and list_group: Poland dates (inclusive) for the calendar, and a page. */
export const lessonListQuery = v.object({
  date_from: dateParam,
  date_to: dateParam,
  page: pageParam(1, 100_000),
  per_page: pageParam(50, 200),
})
export type LessonListQuery = v.InferOutput<typeof lessonListQuery>

const lessonIdField = v.pipe(v.string(issue('required')), v.uuid(issue('invalid')))

export const lessonShowQuery = v.object({ lesson_id: lessonIdField })
/**
 * The answer of lessons/show and of every write on one lesson (update, remove_file,
 * report_absence, ratings/create and ratings/update): the lesson as it is now.
 */
export const lessonResponse = envelope(lessonSchema)

/**
 * product-rules.md "Validation": notes, the cancellation reason and rating comments hold at most
 * 255 characters.
 */
const limitedText = v.pipe(
  storableString(issue('invalid')),
  v.trim(),
  v.maxLength(TEXT_LIMIT, issue('too_long', TEXT_LIMIT)),
)
const requiredText = v.pipe(limitedText, v.nonEmpty(issue('required')))

export const lessonCancelSchema = v.object({
  lesson_id: lessonIdField,
  cancellation_reason: requiredText,
})
export type LessonCancel = v.InferOutput<typeof lessonCancelSchema>

/**
 * What a cancel did besides cancelling (product-rules.md "Cancellation"): a student inside
 * cancellation_earliness is warned the first time and banned (and signed out) the next; a
 * teacher's late cancellation records a financial penalty.
 */
export const cancelOutcomeSchema = v.picklist(['cancelled', 'warned', 'banned', 'penalty'])
export type CancelOutcome = v.InferOutput<typeof cancelOutcomeSchema>
export const lessonCancelResponse = envelope(
  v.object({
    lesson: lessonSchema,
    outcome: cancelOutcomeSchema,
    /** ISO instant, when outcome is `banned`. */
    banned_until: v.nullable(v.string()),
  }),
)
export type LessonCancelAnswer = v.InferOutput<typeof lessonCancelResponse>['data']

/**
 * JSON body of POST /lessons/update: exactly one of note (the student's), teacher_memos (the
 * teacher's) or student_memos (the student's; not for group lessons). An empty memo clears it;
 * an empty note is refused (AddNote is disabled when empty, product-rules.md "Notes and memos").
 */
export const lessonUpdateSchema = v.pipe(
  v.object({
    lesson_id: lessonIdField,
    note: v.optional(requiredText),
    teacher_memos: v.optional(limitedText),
    student_memos: v.optional(limitedText),
  }),
  v.check(
    (body) =>
      [body.note, body.teacher_memos, body.student_memos].filter((value) => value !== undefined).length === 1,
    issue('one_field_required'),
  ),
)
export type LessonUpdate = v.InferOutput<typeof lessonUpdateSchema>

/** Multipart POST /lessons/update field names for a lesson material. */
export const MATERIAL_FIELDS = {
  lessonId: 'lesson_id',
  file: 'lesson_note_file',
  filename: 'lesson_note_filename',
} as const

export const removeFileQuery = v.object({ lesson_id: lessonIdField, file_id: lessonIdField })
export const downloadFileQuery = removeFileQuery

/** A rating (product-rules.md "Ratings"); create and update take the same body. */
export const ratingSchema = v.object({
  lesson_id: lessonIdField,
  value: v.pipe(
    v.number(issue('required')),
    v.integer(issue('invalid')),
    v.minValue(RATING_MIN, issue('rating_range')),
    v.maxValue(RATING_MAX, issue('rating_range')),
  ),
  comment: requiredText,
})
export type RatingInput = v.InferOutput<typeof ratingSchema>

/** An absence report (product-rules.md "Absence reports"); the absentee must be the lesson's other party. */
export const absenceReportInputSchema = v.object({
  lesson_id: lessonIdField,
  absentee_id: lessonIdField,
  note: limitedText,
})
export type AbsenceReportInput = v.InferOutput<typeof absenceReportInputSchema>
