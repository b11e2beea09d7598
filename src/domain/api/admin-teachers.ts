import * as v from 'valibot'
import { TEXT_LIMIT } from '../constants.ts'
import { issue } from '../validation/issues.ts'
import { storableString } from '../validation/storable-text.ts'
import { envelope, idSchema, pageParam } from './common.ts'

// The school's console, Teachers: the list an operator reviews (pending verification, "Teacher
// accounts await verification" in product-rules.md "Sign-in and account states"), and the
// operator's changes to one teacher.

/** A free-text search in a query string (name or e-mail). */
export const searchParam = v.optional(
  v.pipe(storableString(issue('invalid')), v.trim(), v.maxLength(100, issue('too_long', 100))),
)

/** `deactivated`: the account is inactive, whether rejected before verification or deactivated after. */
export const adminTeacherStatusSchema = v.picklist(['pending_verification', 'active', 'deactivated'])
export type AdminTeacherStatus = v.InferOutput<typeof adminTeacherStatusSchema>

/** GET /admin/teachers/index: newest sign-ups first. */
export const adminTeachersQuery = v.object({
  status: v.optional(v.picklist([...adminTeacherStatusSchema.options, 'all'], issue('invalid')), 'all'),
  q: searchParam,
  page: pageParam(1, 10_000),
  per_page: pageParam(20, 100),
})

/** The bank details as the completeness check names them (product-rules.md "Bank details"). */
export const BILLING_FIELDS = [
  'iban',
  'swift',
  'street',
  'building_number',
  'zip',
  'city',
  'country',
] as const
export const billingFieldSchema = v.picklist(BILLING_FIELDS)

export const adminTeacherSchema = v.object({
  id: idSchema,
  email: v.string(),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  status: adminTeacherStatusSchema,
  locale: v.picklist(['pl', 'en']),
  created_at: v.string(),
  verified_at: v.nullable(v.string()),
  /** Why and when an inactive teacher became so (their latest rejection or deactivation). */
  deactivation: v.nullable(
    v.object({
      kind: v.picklist(['rejected', 'deactivated']),
      reason: v.nullable(v.string()),
      at: v.string(),
    }),
  ),
  taught_languages: v.array(
    v.object({ language_id: v.number(), language: v.string(), level_id: v.number(), level: v.string() }),
  ),
  teaching_language_ids: v.array(v.number()),
  /** Signed URLs (about an hour), as the profiles give them; null without a file. */
  image_url: v.nullable(v.string()),
  video_url: v.nullable(v.string()),
  description: v.nullable(v.string()),
  /**
   * The "Bank data filled" check (product-rules.md "Bank details"): which billing fields are still
   * missing (swift only for foreign IBANs).
   */
  billing: v.object({ complete: v.boolean(), missing: v.array(billingFieldSchema) }),
  monthly_lesson_cap: v.nullable(v.number()),
  /** null: the school's default provider. */
  video_provider: v.nullable(v.picklist(['builtin', 'vonage'])),
  /** Scheduled lessons not yet ended, and how many of them LearnCube holds. */
  future_lessons: v.number(),
  learncube_lessons: v.number(),
  /**
   * The financial penalties for a late cancellation or an absence, how many of each
   * (product-rules.md "Teacher penalties").
   */
  penalties: v.object({ late_cancellation: v.number(), absence: v.number() }),
})
export type AdminTeacher = v.InferOutput<typeof adminTeacherSchema>

/** Which video choices this server offers: Vonage and LearnCube only when configured. */
export const videoOptionsSchema = v.object({
  default_provider: v.picklist(['builtin', 'vonage']),
  vonage: v.boolean(),
  learncube: v.boolean(),
})

export const adminTeachersResponse = envelope(
  v.object({
    items: v.array(adminTeacherSchema),
    page: v.number(),
    has_more: v.boolean(),
    video: videoOptionsSchema,
  }),
)

export const adminTeacherResponse = envelope(adminTeacherSchema)

const reasonSchema = v.pipe(
  storableString(issue('required')),
  v.trim(),
  v.nonEmpty(issue('required')),
  v.maxLength(TEXT_LIMIT, issue('too_long', TEXT_LIMIT)),
)
const teacherId = v.pipe(v.string(issue('required')), v.uuid(issue('invalid')))

/** POST /admin/teachers/reject: a teacher awaiting verification is turned down, told why by e-mail. */
export const rejectTeacherBody = v.object({ teacher_id: teacherId, reason: reasonSchema })
export const rejectTeacherResponse = envelope(
  v.object({ teacher: adminTeacherSchema, mail_sent: v.boolean() }),
)

/** POST /admin/teachers/deactivate and /admin/teachers/reactivate. */
export const teacherIdBody = v.object({ teacher_id: teacherId })

/**
 * POST /admin/teachers/update: only the members sent change. monthly_cap null: no cap;
 * video_provider null: the school's default; learncube: the teacher's future lessons in LearnCube.
 */
export const updateTeacherBody = v.object({
  teacher_id: teacherId,
  monthly_cap: v.optional(v.nullable(v.pipe(v.number(issue('invalid')), v.integer(issue('invalid'))))),
  video_provider: v.optional(v.nullable(v.picklist(['builtin', 'vonage'], issue('invalid')))),
  learncube: v.optional(v.boolean(issue('invalid'))),
})
