import * as v from 'valibot'
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts'

/** Every successful answer is wrapped as `{ data }` (spec §7: `data.token`); see docs/decisions.md. */
export const envelope = <T extends v.GenericSchema>(data: T) => v.object({ data })

export const apiErrorSchema = v.object({
  error: v.string(),
  code: v.string(),
  errors: v.optional(v.array(v.object({ field: v.string(), message: v.string() }))),
  params: v.optional(v.record(v.string(), v.string())),
})

export const idSchema = v.pipe(v.string(), v.uuid())
export const roleSchema = v.picklist(['student', 'teacher'])
export type Role = v.InferOutput<typeof roleSchema>
export const localeSchema = v.picklist(['pl', 'en'])

// spec §5: "Please enter a valid e-mail address"; trimmed and compared case-insensitively.
export const emailSchema = v.pipe(
  v.string('This field is required'),
  v.trim(),
  v.nonEmpty('This field is required'),
  v.maxLength(EMAIL_MAX, `At most ${EMAIL_MAX} characters`),
  v.email('Please enter a valid e-mail address'),
  v.toLowerCase(),
)

// spec §5: minimum 8 characters; an upper bound keeps hashing cost bounded.
export const newPasswordSchema = v.pipe(
  v.string('This field is required'),
  v.nonEmpty('This field is required'),
  v.minLength(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`),
  v.maxLength(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`),
)

export const passwordInputSchema = v.pipe(
  v.string('This field is required'),
  v.nonEmpty('This field is required'),
  v.maxLength(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`),
)

export const tokenSchema = v.pipe(
  v.string('This field is required'),
  v.nonEmpty('This field is required'),
  v.maxLength(200, 'At most 200 characters'),
)
