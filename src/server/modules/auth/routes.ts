import type { FastifyInstance } from 'fastify'
import {
  resetPasswordBody,
  signInBody,
  updatePasswordBody,
  validateEmailBody,
  validateResetTokenBody,
} from '../../../domain/api/auth.ts'
import { bearerToken } from '../../platform/auth.ts'
import { parseInput } from '../../platform/validate.ts'
import { assertEmailAvailable } from '../users/public.ts'
import { requestPasswordReset, updatePassword, validateResetToken } from './password-reset.ts'
import { signIn, signOut } from './sign-in.ts'

const ok = { data: { ok: true } } as const
const valid = { data: { valid: true } } as const

// The calls "Without authentication" (product-rules.md "API calls"): sign-in, sign-out and the
// password flows.
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps

  app.post('/users/sign_in', async (request) => ({
    data: await signIn(ctx, parseInput(signInBody, request.body), request.ip),
  }))

  // Idempotent: answers 200 with or without a live token, so a client can always log out.
  app.post('/users/sign_out', async (request) => {
    await signOut(ctx, bearerToken(request))
    return ok
  })

  app.post('/users/reset_password', async (request) => {
    const { email } = parseInput(resetPasswordBody, request.body)
    await requestPasswordReset(ctx, email, request.ip)
    return ok
  })

  app.post('/users/validate_reset_token', async (request) => {
    const account = await validateResetToken(
      ctx,
      parseInput(validateResetTokenBody, request.body).reset_token,
    )
    return { data: { valid: true as const, ...account } }
  })

  app.post('/users/update_password', async (request) => {
    await updatePassword(ctx, parseInput(updatePasswordBody, request.body))
    return ok
  })

  app.post('/users/validate_email', async (request) => {
    await assertEmailAvailable(ctx, parseInput(validateEmailBody, request.body).email, request.ip)
    return valid
  })
}
