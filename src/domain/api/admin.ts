import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import { storableString } from '../validation/storable-text.ts'
import { emailSchema, envelope, idSchema, pageParam } from './common.ts'

// The school's console (issue #29): an operator's second factor and the operator APIs.

const codeSchema = v.pipe(v.string(issue('required')), v.trim(), v.regex(/^\d{6}$/, issue('invalid')))
const recoveryCodeSchema = v.pipe(
  storableString(issue('required')),
  v.trim(),
  v.nonEmpty(issue('required')),
  v.maxLength(40, issue('too_long', 40)),
)

/** GET /operator/me: the console's shell after a reload: who is signed in, and their second factor's state for this session. */
export const operatorMeResponse = envelope(
  v.object({
    id: idSchema,
    email: v.string(),
    locale: v.picklist(['pl', 'en']),
    second_factor: v.picklist(['enrol', 'verify', 'passed']),
  }),
)

export const secondFactorEnrolmentSchema = v.object({ otpauth_uri: v.string(), secret: v.string() })
export const secondFactorEnrolmentResponse = envelope(secondFactorEnrolmentSchema)
export const secondFactorConfirmBody = v.object({ code: codeSchema })
export const recoveryCodesResponse = envelope(v.object({ recovery_codes: v.array(v.string()) }))
/** Either a code of the authenticator app or one of the recovery codes. */
export const secondFactorVerifyBody = v.union([
  v.object({ code: codeSchema }),
  v.object({ recovery_code: recoveryCodeSchema }),
])

const isoInstant = v.pipe(
  v.string(),
  v.isoTimestamp(issue('invalid')),
  v.check((s) => !Number.isNaN(Date.parse(s)), issue('invalid')),
)
const shortText = v.pipe(
  storableString(issue('invalid')),
  v.trim(),
  v.nonEmpty(issue('required')),
  v.maxLength(100, issue('too_long', 100)),
)

/** GET /admin/audit/index: filters and the page (newest first). */
export const auditQuery = v.object({
  action: v.optional(shortText),
  target_type: v.optional(shortText),
  target_id: v.optional(
    v.pipe(
      storableString(issue('invalid')),
      v.trim(),
      v.nonEmpty(issue('required')),
      v.maxLength(200, issue('too_long', 200)),
    ),
  ),
  actor_id: v.optional(v.pipe(v.string(), v.uuid(issue('invalid')))),
  from: v.optional(isoInstant),
  to: v.optional(isoInstant),
  page: pageParam(1, 10_000),
  per_page: pageParam(50, 200),
})

export const auditEntrySchema = v.object({
  id: v.number(),
  at: v.string(),
  actor: v.object({
    kind: v.picklist(['operator', 'cli']),
    id: v.nullable(idSchema),
    email: v.nullable(v.string()),
  }),
  action: v.string(),
  target_type: v.string(),
  target_id: v.nullable(v.string()),
  before: v.unknown(),
  after: v.unknown(),
})
export type AuditEntryDto = v.InferOutput<typeof auditEntrySchema>
export const auditIndexResponse = envelope(
  v.object({ entries: v.array(auditEntrySchema), page: v.number(), has_more: v.boolean() }),
)

export const verifyTeacherBody = v.object({ email: emailSchema })
export const verifyTeacherResponse = envelope(
  v.object({ email: v.string(), already_verified: v.boolean(), mail_sent: v.boolean() }),
)

const settingValue = v.optional(v.pipe(v.number(issue('invalid')), v.integer(issue('invalid'))))
/** POST /admin/settings/update: the values of `ops settings` (bounds: settings/service.ts). */
export const updateSettingsBody = v.object({
  ban_duration: settingValue,
  cancellation_earliness: settingValue,
  lesson_earliness_condition: settingValue,
  first_reminder_minutes: settingValue,
  second_reminder_minutes: settingValue,
})
export const operatorSettingsResponse = envelope(
  v.object({
    ban_duration: v.number(),
    cancellation_earliness: v.number(),
    lesson_earliness_condition: v.number(),
    first_reminder_minutes: v.number(),
    second_reminder_minutes: v.number(),
  }),
)
