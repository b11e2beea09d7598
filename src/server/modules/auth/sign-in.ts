import type * as v from 'valibot'
import type { AuthRecord, signInBody } from '../../../domain/api/auth.ts'
import { formatPolandDate } from '../../../domain/poland-time.ts'
import type { AppContext, ServiceContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import { verifyPassword } from '../../platform/passwords.ts'
import type { RateLimiter, RateLimiters } from '../../platform/rate-limit.ts'
import type { User } from '../../platform/sessions.ts'
import { createSession, revokeSession } from '../../platform/sessions-repository.ts'
import { secondFactorState } from '../admin/public.ts'
import { findUserByEmail } from '../users/public.ts'

/**
 * Opens a session and returns the auth record (product-rules.md "Records and fields"; plus the
 * flags the web stores locally).
 */
export async function startSession(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'config'>,
  user: User,
  remember: boolean,
): Promise<AuthRecord> {
  const ttl = remember ? ctx.config.rememberTtlMs : ctx.config.sessionTtlMs
  const session = await createSession(ctx.db, {
    userId: user.id,
    remember,
    expiresAt: new Date(ctx.clock.now().getTime() + ttl),
  })
  return {
    id: user.id,
    role: user.role,
    token: session.token,
    email: user.email,
    registration_completed: user.registrationCompleted,
    only_group_lessons: user.onlyGroupLessons,
    expires_at: session.expiresAt.toISOString(),
  }
}

/**
 * The sign-in texts (product-rules.md "Sign-in and account states"), checked only after the
 * password matched.
 */
function assertMaySignIn(user: User, now: Date): void {
  // product-rules.md "Sign-in and account states": "Teacher accounts await verification before
  // login works".
  if (user.status === 'pending_verification') throw new AppError('awaiting_verification')
  // 'invited' (invitation not accepted yet) and 'inactive' accounts.
  if (user.status !== 'active') throw new AppError('account_inactive')
  if (user.bannedUntil && user.bannedUntil > now) {
    throw new AppError('account_banned', { params: { date: formatPolandDate(user.bannedUntil) } })
  }
}

type Attempt = [RateLimiter, string]

/**
 * Counts a sign-in attempt before the password is checked (docs/decisions.md "Sign-in limits that
 * cannot be aimed at a victim"); only failures keep counting, a success gives the attempts back.
 * - An account at one client address: past its limit that address is refused for that account
 *   only, so failures from elsewhere never lock the owner out.
 * - One client address across accounts (against trying many accounts): while it has room. Past
 *   that, a busy address (a school office behind one NAT) does not lock everyone behind it out:
 *   each account has a small allowance of its own there, so a person who knows their password
 *   still signs in, and guessing across accounts from there stays slow.
 * Every account, known or not, is counted alike, so the answers never tell whether an e-mail has
 * an account. A refused attempt checks no password, and so is no failure of the account.
 */
async function consumeSignInAttempt(limiters: RateLimiters, email: string, ip: string): Promise<Attempt[]> {
  const atAddress = `${ip} ${email}`
  await limiters.signInPerAccountAtIp.consume(atAddress)
  const accountAtIp: Attempt = [limiters.signInPerAccountAtIp, atAddress]
  try {
    await limiters.signInPerIp.consume(ip)
    return [accountAtIp, [limiters.signInPerIp, ip]]
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'too_many_requests')) throw error
    try {
      await limiters.signInPerAccountAtBusyIp.consume(atAddress)
      return [accountAtIp, [limiters.signInPerAccountAtBusyIp, atAddress]]
    } catch (busy) {
      // A refused request must not use up the account's attempts at this address.
      await limiters.signInPerAccountAtIp.refund(atAddress)
      throw busy
    }
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export async function signIn(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'limiters'>,
  input: v.InferOutput<typeof signInBody>,
  ip: string,
): Promise<AuthRecord> {
  const attempts = await consumeSignInAttempt(ctx.limiters, input.email, ip)
  const user = await findUserByEmail(ctx.db, input.email)
  // Unknown address and wrong password answer alike, in about the same time (no user enumeration).
  const passwordOk = await verifyPassword(user?.passwordHash, input.password)
  if (!user || !passwordOk) {
    // The account's failures from everywhere never refuse; past a ceiling each one is answered
    // later, so a guessing client waits, and the owner's right password is answered at once.
    const delayMs = await ctx.limiters.signInSlowdownPerAccount.fail(input.email)
    if (delayMs > 0) await pause(delayMs)
    throw new AppError('wrong_credentials')
  }
  for (const [limiter, key] of attempts) await limiter.refund(key)
  assertMaySignIn(user, ctx.clock.now())
  const record = await startSession(ctx, user, input.remember)
  // An operator's session reaches the operator APIs once it passed the second factor.
  if (user.role !== 'operator') return record
  return { ...record, second_factor: await secondFactorState(ctx.db, user.id) }
}

export async function signOut(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'changes'>,
  token: string | undefined,
): Promise<void> {
  const userId = token ? await revokeSession(ctx.db, token, ctx.clock.now()) : undefined
  if (userId) ctx.changes.publish({ kind: 'user', id: userId })
}
