import type { ResetPurpose } from '../../../domain/api/password-reset.ts'
import { PASSWORD_RESET_RETRY_MS } from '../../../domain/constants.ts'
import type { AppContext, ServiceContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import { hashPassword } from '../../platform/passwords.ts'
import { consumeAll } from '../../platform/rate-limit.ts'
import { revokeUserSessions } from '../../platform/sessions-repository.ts'
import { hashToken, newToken } from '../../platform/tokens.ts'
import { findUserByEmail, setPasswordHash } from '../users/public.ts'
import {
  claimResetRequest,
  consumeResetToken,
  findLiveResetAccount,
  findResetRequestTime,
  isResetTokenLive,
  replaceResetToken,
} from './repository.ts'

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

/**
 * POST /users/reset_password. The answer is the same whether the address has an account or not, and
 * so is the 2-minute wait (product-rules.md "Passwords"), so neither reveals which addresses exist.
 */
export async function requestPasswordReset(
  ctx: Pick<AppContext, 'db' | 'clock' | 'limiters' | 'mail' | 'mailer'>,
  email: string,
  ip: string,
): Promise<void> {
  await consumeAll([
    [ctx.limiters.resetPasswordPerAccount, email],
    [ctx.limiters.resetPasswordPerIp, ip],
  ])
  const now = ctx.clock.now()
  const resetId = await ctx.db.transaction(async (tx) => {
    if (!(await claimResetRequest(tx, email, now, new Date(now.getTime() - PASSWORD_RESET_RETRY_MS)))) {
      const last = (await findResetRequestTime(tx, email)) ?? now
      const waitMs = last.getTime() + PASSWORD_RESET_RETRY_MS - now.getTime()
      throw new AppError('reset_retry_wait', {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
      })
    }
    const user = await findUserByEmail(tx, email)
    if (!user) return undefined
    // The link's token is made when the e-mail goes (reset-mail.ts); its job is owed from the commit.
    const id = await replaceResetToken(
      tx,
      user.id,
      newToken().hash,
      new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    )
    await ctx.mail.add(tx, [{ kind: 'password-reset', ref: id }])
    return id
  })
  // Sent after the commit and after the answer: no network I/O inside a transaction, and no timing
  // difference between known and unknown addresses.
  if (resetId) ctx.mail.deliverLater([{ kind: 'password-reset', ref: resetId }], ctx.mailer)
}

/**
 * POST /users/validate_reset_token: whether the link still works, and for whom and what, so the page
 * names it: an operator's first password for the console, an account's first password, or a new one.
 */
export async function validateResetToken(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  token: string,
): Promise<{ email: string; purpose: ResetPurpose }> {
  const account = await findLiveResetAccount(ctx.db, hashToken(token), ctx.clock.now())
  if (!account) throw new AppError('reset_token_invalid')
  const first = account.passwordHash === null
  const purpose = first
    ? account.role === 'operator'
      ? 'console_password'
      : 'first_password'
    : 'new_password'
  return { email: account.email, purpose }
}

/** POST /users/update_password: single-use token, new hash, every session signed out. */
export async function updatePassword(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'changes'>,
  input: { reset_token: string; password: string },
): Promise<void> {
  const tokenHash = hashToken(input.reset_token)
  const now = ctx.clock.now()
  if (!(await isResetTokenLive(ctx.db, tokenHash, now))) throw new AppError('reset_token_invalid')
  // argon2 is slow: hash before the transaction so the database is not held meanwhile.
  const passwordHash = await hashPassword(input.password)
  const userId = await ctx.db.transaction(async (tx) => {
    const consumed = await consumeResetToken(tx, tokenHash, now)
    if (!consumed) throw new AppError('reset_token_invalid')
    await setPasswordHash(tx, consumed, passwordHash, now)
    await revokeUserSessions(tx, consumed, now)
    return consumed
  })
  ctx.changes.publish({ kind: 'user', id: userId })
}
