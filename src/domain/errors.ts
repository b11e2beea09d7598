import type { AiErrorCode } from './ai-lesson/errors.ts'

// Stable error codes and the English messages of product-rules.md "Errors". The web maps codes to
// pl/en texts; the English message keeps that wording so substring rules ('limit', …) keep working.

/**
 * The codes, apart from their messages: the web's shell recognises a code with this list and
 * words it itself, so the server's English texts below stay out of the login's download
 * (architecture.md "Loading"). `Record<BaseErrorCode, …>` below keeps the two in step.
 */
export const BASE_ERROR_CODES = [
  'wrong_credentials',
  'awaiting_verification',
  'account_inactive',
  'account_banned',
  'invitation_invalid',
  'reset_token_invalid',
  'reset_retry_wait',
  'email_taken',
  'current_password_incorrect',
  'student_profile_forbidden',
  'registration_already_completed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'bad_request',
  'validation_failed',
  'too_many_requests',
  'payload_too_large',
  'unsupported_media_type',
  'server_error',
  // Booking. The web also applies the substring rules of product-rules.md "Errors" to these English
  // messages ('limit', 'maximum monthly income', "exceeds 'active until'"), so only lesson_limit may
  // contain the word "limit".
  'human_access_required',
  // The screens keep these students from the one-to-one booking, and so does the server
  // (decisions.md "The server keeps the screens' rules").
  'registration_incomplete',
  'group_lessons_only',
  'account_expired',
  'lesson_limit',
  'lesson_date_taken',
  'one_lesson_with_teacher',
  'not_accepting_new_students',
  'teacher_monthly_income',
  'language_not_taught',
  'slot_taken',
  'slot_unavailable',
  'idempotency_key_reused',
  // My lessons (product-rules.md "States and transitions").
  'lesson_started',
  'lesson_cancelled',
  'lesson_finished',
  'lesson_not_finished',
  'rating_exists',
  'rating_missing',
  'absence_too_early',
  'absence_already_reported',
  'absentee_invalid',
  'group_lesson_memo',
  'too_many_materials',
  // The lesson room (product-rules.md "Join window", docs/lesson-room-protocol.md).
  'lesson_not_found',
  'group_lesson',
  'join_window_not_open',
  'join_window_closed',
  // The language onboarding: a student's lack-of-slots reports a Poland day.
  'lack_of_slots_daily_cap',
  // Recordings of the lesson room.
  'recording_not_agreed',
  'recording_in_progress',
  'recording_not_active',
  'recording_chunk_gap',
  'recording_chunk_mismatch',
  'recording_chunk_invalid',
  'recording_lesson_full',
  'recording_day_full',
  // The lesson recap: only a draft is edited or published.
  'recap_not_draft',
  // Web push: an endpoint another account's browser holds.
  'push_endpoint_taken',
  // Outside classrooms: Vonage or LearnCube did not answer.
  'video_provider_unavailable',
  // The waitlist.
  'waitlist_full',
  // Group classes: a meeting over the teacher's other lesson or meeting names it.
  'teacher_busy_lesson',
  'teacher_busy_meeting',
  // SMS: no gateway configured, a number that takes no SMS, SMS switched off, the gateway down.
  'sms_unavailable',
  'sms_number_invalid',
  'sms_off',
  'sms_gateway_unavailable',
  // The group room: no group server for a class too big for the mesh; a student the teacher removed.
  'group_server_missing',
  'group_room_removed',
] as const
type BaseErrorCode = (typeof BASE_ERROR_CODES)[number]

/** A group class's refusals, met only in the console. */
export type GroupClassErrorCode = 'teacher_busy_lesson' | 'teacher_busy_meeting'
/** SMS's refusals, met only in the profile. */
export type SmsErrorCode = 'sms_unavailable' | 'sms_number_invalid' | 'sms_off' | 'sms_gateway_unavailable'
/** A recording's refusals, met only in the lesson room's recorder. */
export type RecordingErrorCode =
  | 'recording_not_agreed'
  | 'recording_in_progress'
  | 'recording_not_active'
  | 'recording_chunk_gap'
  | 'recording_chunk_mismatch'
  | 'recording_chunk_invalid'
  | 'recording_lesson_full'
  | 'recording_day_full'
/** A recap's refusal, met only in its review. */
export type RecapErrorCode = 'recap_not_draft'
/** The group room's refusals, met only in the room. */
export type GroupRoomErrorCode = 'group_server_missing' | 'group_room_removed'
/**
 * Codes one screen meets, worded in pl/en in that screen's chunk (web/api/error-messages.ts
 * `registerCodeMessages`) rather than in the shell's map, which the login's size budget bounds.
 */
export type FeatureErrorCode =
  | GroupClassErrorCode
  | SmsErrorCode
  | RecordingErrorCode
  | RecapErrorCode
  | GroupRoomErrorCode

export const ERROR_MESSAGES: Record<BaseErrorCode, string> = {
  wrong_credentials: 'Wrong password or e-mail',
  awaiting_verification: 'Your account is waiting for verification',
  account_inactive: 'The account is inactive',
  account_banned: 'Your account is banned until {date} due to cancellation of lessons',
  invitation_invalid: 'Account activation link is invalid or has expired',
  reset_token_invalid: 'The password reset link is invalid or expired',
  reset_retry_wait: 'Wait 2 minutes before repeating the password reset process',
  email_taken: 'This email is already in use',
  current_password_incorrect: 'The current password is incorrect',
  student_profile_forbidden: "You do not have permission to view this student's profile",
  registration_already_completed: 'The registration is already completed',
  unauthenticated: 'You have been logged out',
  forbidden: 'You do not have permission to do this',
  not_found: 'Not found',
  bad_request: 'The request could not be handled',
  validation_failed: 'Invalid input',
  too_many_requests: 'Too many requests. Please try again later.',
  payload_too_large: 'The file is too large',
  unsupported_media_type: 'Unsupported file type',
  server_error: 'Server error. Please try again later.',
  // Booking. The web also applies the substring rules of product-rules.md "Errors" to these English
  // messages ('limit', 'maximum monthly income', "exceeds 'active until'"), so only lesson_limit may
  // contain the word "limit".
  human_access_required: 'Your account has no access to lessons with a teacher',
  registration_incomplete: 'Complete your registration before you book a lesson',
  group_lessons_only: 'Your account is for group lessons only',
  account_expired:
    "You cannot schedule a lesson after the account has expired: the lesson date exceeds 'active until'",
  lesson_limit: 'Limit of {limit} lessons scheduled at once',
  lesson_date_taken: 'You already have a lesson scheduled for this date',
  one_lesson_with_teacher: 'You can only schedule one lesson with this teacher',
  not_accepting_new_students: 'Currently does not accept new students',
  teacher_monthly_income: "This lesson would exceed the teacher's maximum monthly income",
  language_not_taught: 'The teacher does not teach this language at this level',
  slot_taken: 'Someone has just booked this time. Choose another one.',
  slot_unavailable: 'This time can no longer be booked',
  idempotency_key_reused: 'This Idempotency-Key was already used for a different request',
  // My lessons (product-rules.md "States and transitions").
  lesson_started: 'You cannot cancel a lesson that has already started',
  lesson_cancelled: 'This lesson has been cancelled',
  lesson_finished: 'This lesson has already finished',
  lesson_not_finished: 'You can rate a lesson only after it has finished',
  rating_exists: 'This lesson has already been rated',
  rating_missing: 'This lesson has not been rated yet',
  absence_too_early: 'You can report an absence only from 15 minutes before the lesson starts',
  absence_already_reported: 'You have already reported an absence for this lesson',
  absentee_invalid: 'The absent person must be the other participant of the lesson',
  group_lesson_memo: 'The student memo is not available for group lessons',
  too_many_materials: 'A lesson can hold at most {max} materials',
  // The lesson room (product-rules.md "Join window", docs/lesson-room-protocol.md).
  lesson_not_found: 'Lesson not found',
  group_lesson: 'A group lesson cannot be joined here',
  join_window_not_open: 'You can join the lesson from 15 minutes before it starts',
  join_window_closed: 'The lesson room has closed: it closes 15 minutes after the end of the lesson',
  lack_of_slots_daily_cap:
    'You have sent {max} reports of missing dates today. The school has them and will contact you; you can send more tomorrow.',
  recording_not_agreed: 'The student has not agreed to voice recording, so the lesson cannot be recorded',
  recording_in_progress: 'This lesson is already being recorded',
  recording_not_active: 'This lesson is not being recorded',
  recap_not_draft: 'This recap is no longer a draft',
  recording_chunk_gap: 'A part of the recording is missing: send part {expected} first',
  recording_chunk_mismatch: 'This part of the recording was already received with other content',
  recording_chunk_invalid: 'This part of the recording is empty or is not a WebM recording',
  recording_lesson_full:
    "This lesson's recordings have reached {max} MB, the most the school keeps for one lesson",
  recording_day_full:
    "Today's recordings of this teacher have reached {max} MB, the most the school keeps for one day",
  push_endpoint_taken: 'This device receives notifications for another account',
  video_provider_unavailable: 'The video service is not answering; try again in a moment',
  waitlist_full: 'You can wait for at most {max} teachers at once',
  teacher_busy_lesson: 'The teacher has a lesson with {name} on {date} at {time}',
  teacher_busy_meeting: 'The teacher has the group class "{title}" on {date} at {time}',
  sms_unavailable: 'This school does not send SMS',
  sms_number_invalid: 'Enter a mobile phone number that can receive SMS',
  sms_off: 'Turn SMS notifications on first',
  sms_gateway_unavailable: 'The SMS service is not answering; try again in a moment',
  group_server_missing:
    'This class is too big for a call without the group video server: the school must configure the group server',
  group_room_removed: 'The teacher removed you from this meeting',
}

export type ErrorCode = BaseErrorCode | AiErrorCode

/** A field's problem: `code`/`param` for translation (validation/issues.ts), `message` in English. */
export type FieldError = { field: string; message: string; code?: string; param?: string }

export type ApiErrorBody = {
  error: string
  code: ErrorCode
  errors?: FieldError[]
  /** Extra machine-readable values used by the message (e.g. the ban end date). */
  params?: Record<string, string>
}
