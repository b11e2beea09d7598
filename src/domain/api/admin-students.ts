import * as v from 'valibot'
import { SHORT_TEXT_MAX } from '../constants.ts'
import { issue } from '../validation/issues.ts'
import { isCalendarDate } from '../validation/rules.ts'
import { singleLine, storableString } from '../validation/storable-text.ts'
import { searchParam } from './admin-teachers.ts'
import { emailSchema, envelope, idSchema, localeSchema, pageParam } from './common.ts'

// The school's console, Students: "students are invited with access flags and an active until
// date" (product-rules.md "Who uses it"), the profile's access fields, warn → ban
// (product-rules.md "Warning and ban").

/** A calendar date as YYYY-MM-DD (active_until), within years PostgreSQL's `date` and people use. */
export const dateKeySchema = v.pipe(
  v.string(issue('date_format')),
  v.trim(),
  v.isoDate(issue('date_format')),
  v.check(isCalendarDate, issue('date_format')),
  v.check((day) => day >= '2000-01-01' && day <= '2999-12-31', issue('invalid')),
)

export const companyNameSchema = v.pipe(
  storableString(issue('invalid')),
  singleLine(),
  v.trim(),
  v.maxLength(SHORT_TEXT_MAX, issue('too_long', SHORT_TEXT_MAX)),
)

/**
 * GET /admin/students/index filters: `active` may use the app today (not expired, not banned,
 * account active); `expired`: active_until has passed; `banned`: banned now; `warned`: warned_at
 * set; `invited`: has not accepted the invitation yet; `deactivated`: the account is inactive.
 */
export const STUDENT_FILTERS = [
  'all',
  'active',
  'expired',
  'banned',
  'warned',
  'invited',
  'deactivated',
] as const
export const adminStudentsQuery = v.object({
  status: v.optional(v.picklist(STUDENT_FILTERS, issue('invalid')), 'all'),
  q: searchParam,
  /** Part of the company name (company_name), case-insensitive. */
  company: searchParam,
  page: pageParam(1, 10_000),
  per_page: pageParam(20, 100),
})

/**
 * An invitation's state: `none` (the account was not invited), `pending` (its link works),
 * `expired` (the link expired unused), `accepted` (a password was set).
 */
export const invitationStateSchema = v.picklist(['none', 'pending', 'expired', 'accepted'])

export const adminStudentSchema = v.object({
  id: idSchema,
  email: v.string(),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  status: v.picklist(['invited', 'active', 'inactive']),
  locale: v.picklist(['pl', 'en']),
  created_at: v.string(),
  registration_completed: v.boolean(),
  human_access: v.boolean(),
  ai_access: v.boolean(),
  only_group_lessons: v.boolean(),
  active_until: v.nullable(v.string()),
  /** active_until is before today (Poland). */
  expired: v.boolean(),
  company_name: v.nullable(v.string()),
  warned_at: v.nullable(v.string()),
  /** Set only while the ban lasts. */
  banned_until: v.nullable(v.string()),
  /** The student's scheduled lessons limit (product-rules.md "Scheduled lessons limit"). */
  scheduled_lessons_limit: v.number(),
  invitation: v.object({
    state: invitationStateSchema,
    /** When the invitation's e-mail went out; null while it waits to be sent. */
    sent_at: v.nullable(v.string()),
    expires_at: v.nullable(v.string()),
    /**
     * The latest invitation's e-mail has not gone out yet (it waits in the mail outbox): the
     * console offers to send it again. Absent from answers of before it existed.
     */
    mail_pending: v.optional(v.boolean()),
  }),
})
export type AdminStudent = v.InferOutput<typeof adminStudentSchema>

export const adminStudentsResponse = envelope(
  v.object({ items: v.array(adminStudentSchema), page: v.number(), has_more: v.boolean() }),
)
export const adminStudentResponse = envelope(adminStudentSchema)

const flag = v.boolean(issue('invalid'))

/** POST /admin/students/invite: one student (the same service as `ops invite-student`). */
export const inviteStudentBody = v.object({
  email: emailSchema,
  human_access: flag,
  ai_access: flag,
  only_group_lessons: v.optional(flag, false),
  active_until: v.optional(v.nullable(dateKeySchema), null),
  company_name: v.optional(v.nullable(companyNameSchema), null),
  locale: v.optional(localeSchema, 'pl'),
})
export const inviteStudentResponse = envelope(
  v.object({
    student: adminStudentSchema,
    /** A student invited before who had not set a password got a fresh link (the old one stops working). */
    resent: v.boolean(),
    mail_sent: v.boolean(),
  }),
)

/** The CSV of many invitations is sent as JSON text (header row, then one student per row). */
export const CSV_MAX_ROWS = 1000
export const CSV_MAX_CHARS = 256 * 1024
export const CSV_COLUMNS = [
  'email',
  'human_access',
  'ai_access',
  'only_group_lessons',
  'active_until',
  'company_name',
  'locale',
] as const
export const inviteCsvBody = v.object({
  csv: v.pipe(
    storableString(issue('required')),
    v.nonEmpty(issue('required')),
    v.maxLength(CSV_MAX_CHARS, issue('too_long', CSV_MAX_CHARS)),
  ),
})

/** A row's problem: `field` is a CSV column (or `row` for the row as a whole). */
export const CSV_PROBLEMS = [
  'email_invalid',
  'email_duplicate',
  'email_taken',
  // The address is a student invited before, who has not set a password: the invitation e-mail has
  // not gone out yet (the row names the student, to send it again), or it has.
  'invitation_pending',
  'already_invited',
  'date_invalid',
  'date_past',
  'flag_invalid',
  'locale_invalid',
  'company_too_long',
  'company_single_line',
  'columns',
] as const
export const csvProblemSchema = v.object({
  field: v.string(),
  code: v.picklist(CSV_PROBLEMS),
  message: v.string(),
})
export const csvValuesSchema = v.object({
  email: v.string(),
  human_access: v.boolean(),
  ai_access: v.boolean(),
  only_group_lessons: v.boolean(),
  active_until: v.nullable(v.string()),
  company_name: v.nullable(v.string()),
  locale: v.picklist(['pl', 'en']),
})
/**
 * One data row: its line in the file (the header is line 1), its cells as written (trimmed; ''
 * when missing), its values when valid (null when it has a problem), and its problems.
 */
export const csvRowSchema = v.object({
  line: v.number(),
  email: v.string(),
  cells: v.object({
    email: v.string(),
    human_access: v.string(),
    ai_access: v.string(),
    only_group_lessons: v.string(),
    active_until: v.string(),
    company_name: v.string(),
    locale: v.string(),
  } satisfies Record<(typeof CSV_COLUMNS)[number], v.GenericSchema<string>>),
  values: v.nullable(csvValuesSchema),
  problems: v.array(csvProblemSchema),
  /** The student invited before with this address, when the row is `invitation_pending` (to send again). */
  student_id: v.optional(idSchema),
})
export type CsvRow = v.InferOutput<typeof csvRowSchema>

/** POST /admin/students/invite_csv/preview: nothing is sent. */
export const inviteCsvPreviewResponse = envelope(
  v.object({ rows: v.array(csvRowSchema), total: v.number(), valid: v.number(), invalid: v.number() }),
)

/** POST /admin/students/invite_csv/send: each valid row invited on its own; the rest are not sent. */
export const inviteCsvSendResponse = envelope(
  v.object({
    rows: v.array(
      v.object({
        ...csvRowSchema.entries,
        outcome: v.picklist(['invited', 'not_sent', 'mail_failed']),
      }),
    ),
    invited: v.number(),
    not_sent: v.number(),
    mail_failed: v.number(),
  }),
)

const studentId = v.pipe(v.string(issue('required')), v.uuid(issue('invalid')))

/** POST /admin/students/resend_invitation: the invitation e-mail that has not gone out, sent now. */
export const resendInvitationBody = v.object({ student_id: studentId })
export const resendInvitationResponse = envelope(
  v.object({
    student: adminStudentSchema,
    /** The student has the e-mail (sent now, by an earlier press, or being sent). */
    mail_sent: v.boolean(),
  }),
)

/**
 * POST /admin/students/update: only the members sent change. active_until null: no end date; to
 * end access now, send today's date (the student may still use the app today) or turn a flag off.
 */
export const updateStudentBody = v.object({
  student_id: studentId,
  active_until: v.optional(v.nullable(dateKeySchema)),
  human_access: v.optional(flag),
  ai_access: v.optional(flag),
  only_group_lessons: v.optional(flag),
  lesson_limit: v.optional(v.pipe(v.number(issue('invalid')), v.integer(issue('invalid')))),
})

/** POST /admin/students/lift_ban and /admin/students/clear_warning. */
export const studentIdBody = v.object({ student_id: studentId })
