import { randomBytes } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { decodeIssue, englishIssue } from '../../platform/issue-english.ts'
import { secondFactorFailuresMail } from '../../platform/mail-templates.ts'
import { consumeAll, type RateLimiter } from '../../platform/rate-limit.ts'
import type { User } from '../../platform/sessions.ts'
import { hashToken } from '../../platform/tokens.ts'
import { writeAudit } from './audit-repository.ts'
import {
  enableSecondFactor,
  lockSecondFactor,
  markCodesKept,
  markSession,
  recoveryCodesKept,
  replaceRecoveryCodes,
  saveEnrolmentSecret,
  saveLastStep,
  secondFactorEnabledAt,
  sessionPassedSecondFactor,
  spendRecoveryCode,
} from './second-factor-repository.ts'
import { open, seal } from './secret-box.ts'

// An operator's second factor: TOTP as authenticator apps expect it (RFC 6238, SHA-1,
// 6 digits, 30 s), enrolled at the first sign-in, plus ten one-time recovery codes. A session of an
// operator reaches the operator APIs only once this session has passed it (sessions.second_factor_at).

const ISSUER = 'Lektorium'
const PERIOD = 30
const RECOVERY_CODES = 10

type Ctx = Pick<AppContext, 'db' | 'clock' | 'limiters' | 'config' | 'mailer' | 'log'>

const totpOf = (secret: string, email: string) =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  })

/** What the sign-in answer tells an operator's client: enrol a second factor, or enter a code. */
export async function secondFactorState(db: Db, userId: string): Promise<'enrol' | 'verify'> {
  return (await secondFactorEnabledAt(db, userId)) ? 'verify' : 'enrol'
}

/**
 * Where this session stands: enrol or verify the second factor; passed, but the recovery codes not
 * yet said to be kept (also after a reload: docs/decisions.md "The console opens once the recovery
 * codes are kept"); or passed, the console open.
 */
export async function sessionSecondFactor(
  db: Db,
  signedIn: { user: User; sessionId: string },
): Promise<'enrol' | 'verify' | 'keep_codes' | 'passed'> {
  if (!(await sessionPassedSecondFactor(db, signedIn.sessionId)))
    return secondFactorState(db, signedIn.user.id)
  return (await recoveryCodesKept(db, signedIn.user.id)) ? 'passed' : 'keep_codes'
}

/** A session that passed the second factor whose operator has not yet kept the codes; else 403. */
async function assertKeepingCodes(db: Db, signedIn: { user: User; sessionId: string }) {
  if ((await sessionSecondFactor(db, signedIn)) !== 'keep_codes') throw new AppError('forbidden')
}

/** The operator says the recovery codes are kept: the console opens. */
export async function keepRecoveryCodes(
  ctx: Ctx,
  signedIn: { user: User; sessionId: string },
): Promise<void> {
  await assertKeepingCodes(ctx.db, signedIn)
  await markCodesKept(ctx.db, signedIn.user.id, ctx.clock.now())
}

/**
 * New recovery codes for a session that passed the second factor before its codes were kept (the
 * page with them was reloaded or closed): the ones shown before stop working.
 */
export async function renewRecoveryCodes(
  ctx: Ctx,
  signedIn: { user: User; sessionId: string },
): Promise<{ recovery_codes: string[] }> {
  await assertKeepingCodes(ctx.db, signedIn)
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
  await ctx.db.transaction((tx) => replaceRecoveryCodes(tx, signedIn.user.id, codes.map(recoveryHash)))
  return { recovery_codes: codes }
}

const wrongCode = (field: string) =>
  new AppError('validation_failed', {
    errors: [{ field, message: englishIssue(decodeIssue('invalid')), code: 'invalid' }],
  })

/**
 * Starts (or restarts) enrolment: a new secret, sealed, not enabled until a code confirms it. Once
 * a second factor is enabled it cannot be replaced this way (403): a stolen password alone must
 * not swap the factor.
 */
export async function startEnrolment(ctx: Ctx, user: User): Promise<{ otpauth_uri: string; secret: string }> {
  if ((await secondFactorState(ctx.db, user.id)) === 'verify') throw new AppError('forbidden')
  const secret = new OTPAuth.Secret({ size: 20 }).base32
  const sealed = await seal(ctx, secret)
  await saveEnrolmentSecret(ctx.db, user.id, sealed, ctx.clock.now())
  return { otpauth_uri: totpOf(secret, user.email).toString(), secret }
}

/**
 * Checks a TOTP code against the user's secret (one step of drift either way); a code's time step
 * is accepted once only. Returns the accepted step or null.
 */
async function acceptTotp(
  db: Db,
  config: Ctx['config'],
  user: User,
  code: string,
  now: Date,
): Promise<boolean> {
  const row = await lockSecondFactor(db, user.id)
  if (!row) return false
  const totp = totpOf(await open({ db, config }, row.secretSealed), user.email)
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 })
  if (delta === null) return false
  const step = Math.floor(now.getTime() / 1000 / PERIOD) + delta
  if (row.lastStep !== null && step <= row.lastStep) return false
  await saveLastStep(db, user.id, step)
  return true
}

/** A session's attempt at the second factor: who, which session, from which client address. */
export type Attempt = { user: User; sessionId: string; ip: string }

/**
 * A wrong code, counted for the operator: past the slowdown's ceiling its answer waits, and the
 * ceiling's own failure e-mails the operator. Never a lock of the account: docs/decisions.md
 * "A second factor that cannot be aimed at its owner".
 */
async function countWrongCode(ctx: Ctx, attempt: Attempt): Promise<void> {
  const failure = await ctx.limiters.secondFactorSlowdownPerUser.failCounted(attempt.user.id)
  if (failure.atCeiling) alertOperator(ctx, attempt.user, failure.failures, failure.windowMs)
  if (failure.delayMs > 0) await pause(failure.delayMs)
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The operator hears of the guessing; a failed send is logged (the guesses stay bounded anyway). */
function alertOperator(ctx: Ctx, user: User, failures: number, windowMs: number) {
  const mail = secondFactorFailuresMail(
    user.email,
    user.locale,
    { failures, minutes: Math.round(windowMs / 60_000) },
    `${ctx.config.publicUrl}/admin`,
  )
  ctx.log.error({ userId: user.id, failures }, 'wrong second-factor codes for an operator')
  ctx.mailer
    .send(mail)
    .catch((err: unknown) => ctx.log.error({ err, userId: user.id }, 'the second-factor alert was not sent'))
}

/**
 * A TOTP code's attempt: counted per session and per client address (429 past either), a success
 * gives both back, so only failures count.
 */
async function withAttempt<T>(
  ctx: Ctx,
  attempt: Attempt,
  check: () => Promise<T | null>,
  field: string,
): Promise<T> {
  const counted: [RateLimiter, string][] = [
    [ctx.limiters.secondFactorPerSession, attempt.sessionId],
    [ctx.limiters.secondFactorPerIp, attempt.ip],
  ]
  await consumeAll(counted)
  const result = await check()
  if (result === null) {
    await countWrongCode(ctx, attempt)
    throw wrongCode(field)
  }
  for (const [limiter, key] of counted) await limiter.refund(key)
  return result
}

const newRecoveryCode = () => {
  const raw = randomBytes(5).toString('hex')
  return `${raw.slice(0, 5)}-${raw.slice(5)}`
}
const recoveryHash = (code: string) => hashToken(code.trim().toLowerCase().replaceAll(/[\s-]/g, ''))

/** Confirms enrolment with a code: the factor is enabled, this session passes, recovery codes are made. */
export async function confirmEnrolment(
  ctx: Ctx,
  signedIn: Attempt,
  code: string,
): Promise<{ recovery_codes: string[] }> {
  const { user } = signedIn
  if ((await secondFactorState(ctx.db, user.id)) === 'verify') throw new AppError('forbidden')
  return withAttempt(
    ctx,
    signedIn,
    () =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now()
        if (!(await acceptTotp(tx, ctx.config, user, code, now))) return null
        await enableSecondFactor(tx, user.id, now)
        const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
        await replaceRecoveryCodes(tx, user.id, codes.map(recoveryHash))
        await markSession(tx, signedIn.sessionId, now)
        await writeAudit(
          tx,
          { kind: 'operator', id: user.id, email: user.email },
          {
            action: 'second_factor.enrol',
            targetType: 'user',
            targetId: user.id,
            before: null,
            after: { enabled: true },
          },
          now,
        )
        return { recovery_codes: codes }
      }),
    'code',
  )
}

/**
 * Passes this session with a TOTP code or one unused recovery code (which is then used up). A right
 * recovery code passes even past the session's and the address's limits: it is the owner's way in
 * when a thief has used them up (a wrong one is still counted and slowed down).
 */
export async function verifySecondFactor(
  ctx: Ctx,
  signedIn: Attempt,
  input: { code?: string | undefined; recovery_code?: string | undefined },
): Promise<void> {
  const { user } = signedIn
  if ((await secondFactorState(ctx.db, user.id)) !== 'verify') throw new AppError('forbidden')
  const pass = (accept: (tx: Db, now: Date) => Promise<boolean>) => () =>
    ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now()
      if (!(await accept(tx, now))) return null
      await markSession(tx, signedIn.sessionId, now)
      return true
    })
  const { code, recovery_code: recoveryCode } = input
  if (code !== undefined) {
    await withAttempt(
      ctx,
      signedIn,
      pass((tx, now) => acceptTotp(tx, ctx.config, user, code, now)),
      'code',
    )
    return
  }
  const spent = await pass((tx, now) =>
    spendRecoveryCode(tx, user.id, recoveryHash(recoveryCode ?? ''), now),
  )()
  if (spent) return
  // Evaluated before the limits (a right one passes), so a wrong one is slowed down before them.
  await countWrongCode(ctx, signedIn)
  await consumeAll([
    [ctx.limiters.secondFactorPerSession, signedIn.sessionId],
    [ctx.limiters.secondFactorPerIp, signedIn.ip],
  ])
  throw wrongCode('recovery_code')
}
