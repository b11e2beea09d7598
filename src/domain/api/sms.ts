import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import { envelope } from './common.ts'

// SMS notifications in the profile (product-rules.md "SMS"): whether the school sends SMS at all,
// whether the user's are on and to which number, and why they were turned off if a number failed.

export const smsStatusSchema = v.object({
  /** The school has an SMS gateway; without one the profile shows a notice instead of the switch. */
  available: v.boolean(),
  enabled: v.boolean(),
  /** The profile's number in E.164 if it can take SMS (a mobile), else null. */
  number: v.nullable(v.string()),
  /** Set while SMS is off because this number failed for good. */
  stopped: v.nullable(v.object({ number: v.string(), reason: v.string(), stopped_at: v.string() })),
})
export type SmsStatus = v.InferOutput<typeof smsStatusSchema>
export const smsStatusResponse = envelope(smsStatusSchema)

/** POST /sms/switch. */
export const smsSwitchBody = v.strictObject({ enabled: v.boolean(issue('invalid')) })

/** POST /sms/test: nothing to say; the answer says where it went. */
export const smsTestBody = v.strictObject({})
export const smsTestResponse = envelope(v.object({ sent_to: v.string() }))
