import * as v from 'valibot'
import { envelope } from './common.ts'

// The answer of POST /users/validate_reset_token (its own file: the reset page's chunk needs it,
// the login page's does not).

/** What a reset link sets: an operator's first password for the console, an account's first, or a new one. */
export const resetPurposeSchema = v.picklist(['console_password', 'first_password', 'new_password'])
export type ResetPurpose = v.InferOutput<typeof resetPurposeSchema>
export const resetTokenResponse = envelope(
  v.object({ valid: v.literal(true), email: v.string(), purpose: resetPurposeSchema }),
)
