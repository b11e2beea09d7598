import * as v from 'valibot'
import { envelope, idSchema } from './common.ts'

// The answers of the school's console APIs (requests: admin.ts, which re-exports these).

/** GET /operator/me: the console's shell after a reload: who is signed in, and their second factor's state for this session. */
export const operatorMeResponse = envelope(
  v.object({
    id: idSchema,
    email: v.string(),
    locale: v.picklist(['pl', 'en']),
    /** keep_codes: passed, but the recovery codes not yet said to be kept (the console stays closed). */
    second_factor: v.picklist(['enrol', 'verify', 'keep_codes', 'passed']),
  }),
)

export const secondFactorEnrolmentSchema = v.object({ otpauth_uri: v.string(), secret: v.string() })
export const secondFactorEnrolmentResponse = envelope(secondFactorEnrolmentSchema)

export const recoveryCodesResponse = envelope(v.object({ recovery_codes: v.array(v.string()) }))

const auditPersonSchema = v.object({ name: v.nullable(v.string()), email: v.string() })

export const auditEntrySchema = v.object({
  id: v.number(),
  at: v.string(),
  actor: v.object({
    kind: v.picklist(['operator', 'cli']),
    id: v.nullable(idSchema),
    /** As it was when the operator acted. */
    email: v.nullable(v.string()),
    /** The operator's name as it is now (none given: null). */
    name: v.nullable(v.string()),
  }),
  action: v.string(),
  target_type: v.string(),
  target_id: v.nullable(v.string()),
  /** The target by name: a person, or a lesson by its start and parties; null when not found. */
  target: v.nullable(
    v.variant('kind', [
      v.object({ kind: v.literal('person'), ...auditPersonSchema.entries }),
      v.object({
        kind: v.literal('lesson'),
        starts_at: v.string(),
        teacher: auditPersonSchema,
        student: auditPersonSchema,
      }),
    ]),
  ),
  before: v.unknown(),
  after: v.unknown(),
})
export type AuditEntryDto = v.InferOutput<typeof auditEntrySchema>
export const auditIndexResponse = envelope(
  v.object({ entries: v.array(auditEntrySchema), page: v.number(), has_more: v.boolean() }),
)

export const verifyTeacherResponse = envelope(
  v.object({ email: v.string(), already_verified: v.boolean(), mail_sent: v.boolean() }),
)

export const operatorSettingsResponse = envelope(
  v.object({
    ban_duration: v.number(),
    cancellation_earliness: v.number(),
    lesson_earliness_condition: v.number(),
    first_reminder_minutes: v.number(),
    second_reminder_minutes: v.number(),
    recording_lesson_max_mb: v.number(),
    recording_day_max_mb: v.number(),
    sms_daily_user_max: v.number(),
    sms_daily_school_max: v.number(),
    recap_daily_max: v.number(),
    recap_publish_after_hours: v.number(),
  }),
)
