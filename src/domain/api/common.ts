import * as v from 'valibot'
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts'
import { issue } from '../validation/issues.ts'

/**
 * Every successful answer is wrapped as `{ data }`, as the video token's `data.token` asks
 * (decisions.md "Response envelope").
 */
export const envelope = <T extends v.GenericSchema>(data: T) => v.object({ data })

export const apiErrorSchema = v.object({
  error: v.string(),
  code: v.string(),
  errors: v.optional(
    v.array(
      v.object({
        field: v.string(),
        message: v.string(),
        code: v.optional(v.string()),
        param: v.optional(v.string()),
      }),
    ),
  ),
  params: v.optional(v.record(v.string(), v.string())),
})

export const idSchema = v.pipe(v.string(), v.uuid())

/** A page number or size in a query string: a positive whole number up to `max`, else `fallback`. */
export const pageParam = (fallback: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,5}$/, issue('invalid')),
      v.transform(Number),
      v.maxValue(max, issue('invalid')),
    ),
    String(fallback),
  )
export const roleSchema = v.picklist(['student', 'teacher'])
export type Role = v.InferOutput<typeof roleSchema>
/** Every account's role: the school's operators are never students or teachers. */
export const accountRoleSchema = v.picklist(['student', 'teacher', 'operator'])
export type AccountRole = v.InferOutput<typeof accountRoleSchema>
export const localeSchema = v.picklist(['pl', 'en'])

// The e-mail rule (product-rules.md "Validation"; issue code `email`); trimmed and compared
// case-insensitively.
export const emailSchema = v.pipe(
  v.string(issue('required')),
  v.trim(),
  v.nonEmpty(issue('required')),
  v.maxLength(EMAIL_MAX, issue('too_long', EMAIL_MAX)),
  v.email(issue('email')),
  v.toLowerCase(),
)

// product-rules.md "Passwords": minimum 8 characters; an upper bound keeps hashing cost bounded.
export const newPasswordSchema = v.pipe(
  v.string(issue('required')),
  v.nonEmpty(issue('required')),
  v.minLength(PASSWORD_MIN, issue('too_short', PASSWORD_MIN)),
  v.maxLength(PASSWORD_MAX, issue('too_long', PASSWORD_MAX)),
)

export const passwordInputSchema = v.pipe(
  v.string(issue('required')),
  v.nonEmpty(issue('required')),
  v.maxLength(PASSWORD_MAX, issue('too_long', PASSWORD_MAX)),
)

export const tokenSchema = v.pipe(
  v.string(issue('required')),
  v.nonEmpty(issue('required')),
  v.maxLength(200, issue('too_long', 200)),
)
