import { randomBytes } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { decodeIssue, englishIssue } from '../../platform/issue-english.ts'
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

type Ctx = Pick<AppContext, 'db' | 'clock' | 'limiters' | 'config'>

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

/** Counts an attempt (platform/rate-limit.ts); a success gives it back, so only failures count. */
async function withAttempt<T>(
  ctx: Ctx,
  user: User,
  attempt: () => Promise<T | null>,
  field: string,
): Promise<T> {
  await ctx.limiters.secondFactorPerUser.consume(user.id)
  const result = await attempt()
  if (result === null) throw wrongCode(field)
  await ctx.limiters.secondFactorPerUser.refund(user.id)
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
  signedIn: { user: User; sessionId: string },
  code: string,
): Promise<{ recovery_codes: string[] }> {
  const { user } = signedIn
  if ((await secondFactorState(ctx.db, user.id)) === 'verify') throw new AppError('forbidden')
  return withAttempt(
    ctx,
    user,
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

/** Passes this session with a TOTP code or one unused recovery code (which is then used up). */
export async function verifySecondFactor(
  ctx: Ctx,
  signedIn: { user: User; sessionId: string },
  input: { code?: string | undefined; recovery_code?: string | undefined },
): Promise<void> {
  const { user } = signedIn
  if ((await secondFactorState(ctx.db, user.id)) !== 'verify') throw new AppError('forbidden')
  const field = input.code !== undefined ? 'code' : 'recovery_code'
  await withAttempt(
    ctx,
    user,
    () =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now()
        if (input.code !== undefined) {
          if (!(await acceptTotp(tx, ctx.config, user, input.code, now))) return null
        } else {
          if (!(await spendRecoveryCode(tx, user.id, recoveryHash(input.recovery_code ?? ''), now)))
            return null
        }
        await markSession(tx, signedIn.sessionId, now)
        return true
      }),
    field,
  )
}
