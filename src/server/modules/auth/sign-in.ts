import type * as v from 'valibot'
import type { AuthRecord, signInBody } from '../../../domain/api/auth.ts'
import { formatPolandDate } from '../../../domain/poland-time.ts'
import type { AppContext, ServiceContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import { verifyPassword } from '../../platform/passwords.ts'
import { consumeAll, type RateLimiter, type RateLimiters } from '../../platform/rate-limit.ts'
import { createSession, revokeSession, type User } from '../../platform/sessions.ts'
import { findUserByEmail } from '../users/repository.ts'

/** Opens a session and returns the auth record of spec §3 (plus the flags the web stores locally). */
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

/** spec §8 login texts, checked only after the password matched. */
function assertMaySignIn(user: User, now: Date): void {
  // spec §4: "Teacher accounts await verification before login works".
  if (user.status === 'pending_verification') throw new AppError('awaiting_verification')
  // 'invited' (invitation not accepted yet) and 'inactive' accounts.
  if (user.status !== 'active') throw new AppError('account_inactive')
  if (user.bannedUntil && user.bannedUntil > now) {
    throw new AppError('account_banned', { params: { date: formatPolandDate(user.bannedUntil) } })
  }
}

type Attempt = [RateLimiter, string]

/**
 * Counts a sign-in attempt (docs/decisions.md "Rate limits"); only failures keep counting, a
 * success gives the attempts back. Always per account (against guessing one password from many
 * addresses). Per client address (against trying many accounts) while the address has room; past
 * that, a busy address (a school office behind one NAT) does not lock everyone behind it out: each
 * account then has a small allowance of its own at that address, so a person who knows their
 * password still signs in, and guessing across accounts from there stays slow. Every account,
 * known or not, is counted alike, so the answers never tell whether an e-mail has an account.
 */
function consumeSignInAttempt(limiters: RateLimiters, email: string, ip: string): Attempt[] {
  const account: Attempt = [limiters.signInPerAccount, email]
  const attempts: Attempt[] = [account, [limiters.signInPerIp, ip]]
  try {
    consumeAll(attempts)
    return attempts
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'too_many_requests')) throw error
    // The account's own limit refuses again here if it was the one that was full.
    const atAddress: Attempt[] = [account, [limiters.signInPerAccountAtIp, `${ip} ${email}`]]
    consumeAll(atAddress)
    return atAddress
  }
}

export async function signIn(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'limiters'>,
  input: v.InferOutput<typeof signInBody>,
  ip: string,
): Promise<AuthRecord> {
  const attempts = consumeSignInAttempt(ctx.limiters, input.email, ip)
  const user = await findUserByEmail(ctx.db, input.email)
  // Unknown address and wrong password answer alike, in about the same time (no user enumeration).
  const passwordOk = await verifyPassword(user?.passwordHash, input.password)
  if (!user || !passwordOk) throw new AppError('wrong_credentials')
  for (const [limiter, key] of attempts) limiter.refund(key)
  assertMaySignIn(user, ctx.clock.now())
  return startSession(ctx, user, input.remember)
}

export async function signOut(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  token: string | undefined,
): Promise<void> {
  if (token) await revokeSession(ctx.db, token, ctx.clock.now())
}
