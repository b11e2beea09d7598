import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import { storableString } from '../validation/storable-text.ts'
import { emailSchema, pageParam } from './common.ts'

// The school's console: an operator's second factor and the operator APIs. The
// answers' schemas live in admin-answers.ts (re-exported here), which the web's console imports
// without this file's request schemas: their v.union would otherwise join the login page's
// shared code (architecture.md "Loading").
export {
  type AuditEntryDto,
  auditEntrySchema,
  auditIndexResponse,
  operatorMeResponse,
  operatorSettingsResponse,
  recoveryCodesResponse,
  secondFactorEnrolmentResponse,
  secondFactorEnrolmentSchema,
  verifyTeacherResponse,
} from './admin-answers.ts'

const codeSchema = v.pipe(v.string(issue('required')), v.trim(), v.regex(/^\d{6}$/, issue('invalid')))
const recoveryCodeSchema = v.pipe(
  storableString(issue('required')),
  v.trim(),
  v.nonEmpty(issue('required')),
  v.maxLength(40, issue('too_long', 40)),
)

export const secondFactorConfirmBody = v.object({ code: codeSchema })
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

export const verifyTeacherBody = v.object({ email: emailSchema })

const settingValue = v.optional(v.pipe(v.number(issue('invalid')), v.integer(issue('invalid'))))
/** POST /admin/settings/update: the values of `ops settings` (bounds: settings/service.ts). */
export const updateSettingsBody = v.object({
  ban_duration: settingValue,
  cancellation_earliness: settingValue,
  lesson_earliness_condition: settingValue,
  first_reminder_minutes: settingValue,
  second_reminder_minutes: settingValue,
  recording_lesson_max_mb: settingValue,
  recording_day_max_mb: settingValue,
  sms_daily_user_max: settingValue,
  sms_daily_school_max: settingValue,
  recap_daily_max: settingValue,
  recap_publish_after_hours: settingValue,
})
