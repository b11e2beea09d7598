import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import {
  accountRoleSchema,
  emailSchema,
  envelope,
  idSchema,
  newPasswordSchema,
  passwordInputSchema,
  tokenSchema,
} from './common.ts'

// The calls without authentication (product-rules.md "API calls") and the auth record.

export const signInBody = v.object({
  email: emailSchema,
  password: passwordInputSchema,
  remember: v.optional(v.boolean(issue('invalid')), false),
})
export type SignInBody = v.InferInput<typeof signInBody>

/** The auth record (product-rules.md "Records and fields") plus the flags the web keeps in local storage. */
export const authRecordSchema = v.object({
  id: idSchema,
  role: accountRoleSchema,
  token: v.string(),
  email: v.string(),
  registration_completed: v.boolean(),
  only_group_lessons: v.boolean(),
  expires_at: v.string(),
  /** An operator's session: enrol a second factor, or verify one, before /admin answers. */
  second_factor: v.optional(v.picklist(['enrol', 'verify'])),
})
export type AuthRecord = v.InferOutput<typeof authRecordSchema>
export const signInResponse = envelope(authRecordSchema)

export const resetPasswordBody = v.object({ email: emailSchema })
export const validateResetTokenBody = v.object({ reset_token: tokenSchema })
export const updatePasswordBody = v.pipe(
  v.object({
    reset_token: tokenSchema,
    password: newPasswordSchema,
    password_confirmation: v.string(issue('required')),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (input) => input.password === input.password_confirmation,
      issue('password_mismatch'),
    ),
    ['password_confirmation'],
  ),
)
export type UpdatePasswordBody = v.InferInput<typeof updatePasswordBody>

export const validateEmailBody = v.object({ email: emailSchema })
export const acceptInvitationBody = v.object({ invitation_token: tokenSchema })

export const okResponse = envelope(v.object({ ok: v.literal(true) }))
export const validResponse = envelope(v.object({ valid: v.literal(true) }))
/** accept_invitation signs the student in so the registration can continue (docs/decisions.md). */
export const acceptInvitationResponse = signInResponse
