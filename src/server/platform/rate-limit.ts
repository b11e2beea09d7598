import type { Db } from '../db/client.ts'
import type { Clock } from './clock.ts'
import { AppError } from './errors.ts'
import type { Log } from './logger.ts'
import { giveBackAttempt, sweepAttempts, takeAttempt } from './rate-limit-repository.ts'

// Fixed-window counters, kept in the database (rate-limit-repository.ts) so that every
// server process of one database counts together: ten wrong passwords block an address for an
// account whichever processes they reached (docs/decisions.md "Cross-process invalidation and
// shared rate limits", "Sign-in limits that cannot be aimed at a victim").

export type Limit = { limit: number; windowMs: number }

/** Past `afterFailures` in a window, each further failure is answered later: first, twice that, … up to max. */
export type Slowdown = { afterFailures: number; windowMs: number; firstDelayMs: number; maxDelayMs: number }

export type RateLimits = {
  /** An account's failed sign-ins from one client address (sign-in.ts). */
  signInPerAccountAtIp: Limit
  /** Failed sign-ins from one client address, whichever accounts they name. */
  signInPerIp: Limit
  /** An account's failures from one address once that address is over signInPerIp. */
  signInPerAccountAtBusyIp: Limit
  /** An account's failed sign-ins from anywhere: they slow down, they never refuse. */
  signInSlowdownPerAccount: Slowdown
  /** Wrong current passwords of a profile update, per signed-in user (a borrowed session guessing). */
  currentPasswordPerUser: Limit
  resetPasswordPerAccount: Limit
  resetPasswordPerIp: Limit
  validateEmailPerIp: Limit
  teacherSignUpPerIp: Limit
  /** Messages a user posts to lesson chats, across every server process. */
  chatPerUser: Limit
  /** Test SMS a user asks for: each one costs the school money. */
  smsTestPerUser: Limit
  /**
   * Addresses a teacher looks up for the allowed-students list that are not on it yet: whether an
   * address is a student account must not be askable without limit.
   */
  teacherStudentLookupsPerTeacher: Limit
  /** Wrong second-factor codes from one signed-in session: a stolen password guesses no further. */
  secondFactorPerSession: Limit
  /** Wrong second-factor codes from one client address, whichever sessions and operators. */
  secondFactorPerIp: Limit
  /** An operator's wrong codes from anywhere: they slow down and alert, they never lock the owner out. */
  secondFactorSlowdownPerUser: Slowdown
}

const MINUTE = 60_000
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInPerAccountAtIp: { limit: 10, windowMs: 15 * MINUTE },
  signInPerIp: { limit: 50, windowMs: 15 * MINUTE },
  signInPerAccountAtBusyIp: { limit: 5, windowMs: 15 * MINUTE },
  // 20 wrong passwords from anywhere, then 1 s, 2 s, 4 s, 8 s, 10 s… for each further failure.
  signInSlowdownPerAccount: {
    afterFailures: 20,
    windowMs: 15 * MINUTE,
    firstDelayMs: 1000,
    maxDelayMs: 10_000,
  },
  currentPasswordPerUser: { limit: 10, windowMs: 15 * MINUTE },
  resetPasswordPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  resetPasswordPerIp: { limit: 20, windowMs: 60 * MINUTE },
  // product-rules.md "Validation" checks e-mail availability through the server; bound how fast
  // addresses can be probed.
  validateEmailPerIp: { limit: 60, windowMs: 15 * MINUTE },
  // The teacher registration is public and carries up to 105 MB of files: bound the disk it can fill.
  teacherSignUpPerIp: { limit: 10, windowMs: 60 * MINUTE },
  // A person types a few messages a minute; a script posting hundreds fills the other's chat.
  chatPerUser: { limit: 30, windowMs: MINUTE },
  // Enough to check a number, fix it and check it again; not a way to text oneself all day.
  smsTestPerUser: { limit: 3, windowMs: 60 * MINUTE },
  // A class's addresses in one go, not a list of the school's.
  teacherStudentLookupsPerTeacher: { limit: 30, windowMs: 60 * MINUTE },
  // docs/decisions.md "A second factor that cannot be aimed at its owner": six digits must not be
  // guessable, and a thief's guesses must not lock the owner out.
  secondFactorPerSession: { limit: 5, windowMs: 15 * MINUTE },
  secondFactorPerIp: { limit: 20, windowMs: 15 * MINUTE },
  // 10 wrong codes from anywhere (the operator is e-mailed), then 1 s, 2 s, 4 s… up to 30 s each.
  secondFactorSlowdownPerUser: {
    afterFailures: 10,
    windowMs: 15 * MINUTE,
    firstDelayMs: 1000,
    maxDelayMs: 30_000,
  },
}

/** Attempts counted by this process between two sweeps of finished windows. */
const SWEEP_EVERY = 1000

export type RateLimiter = {
  /** Counts one attempt for `key`; throws 429 `too_many_requests` (with Retry-After) once over the limit. */
  consume(key: string): Promise<void>
  /** Gives back one attempt (e.g. after a successful sign-in, so only failures use up the limit). */
  refund(key: string): Promise<void>
}

export type SlowdownFailure = { delayMs: number; failures: number; atCeiling: boolean; windowMs: number }

export type SlowdownCounter = {
  /** Counts one failure for `key` and returns how long (ms) to hold its answer back: 0 under the ceiling. */
  fail(key: string): Promise<number>
  /** `fail`, also saying how many failures the window holds and whether this one reached the ceiling. */
  failCounted(key: string): Promise<SlowdownFailure>
}

type Counters = { db: Db; clock: Clock; log: Log }

/** Counts one attempt in the table, sweeping finished windows now and then. */
function createCounter(name: string, windowMs: number, counters: Counters) {
  const { db, clock } = counters
  let sinceSweep = 0
  return (key: string, limit: number | undefined, now = clock.now()) => {
    if (++sinceSweep >= SWEEP_EVERY) {
      sinceSweep = 0
      sweepAttempts(db, now).catch((err: unknown) =>
        counters.log.error({ err }, 'sweeping rate-limit counters failed'),
      )
    }
    return takeAttempt(db, `${name}:${key}`, limit, now, new Date(now.getTime() + windowMs))
  }
}

function createRateLimiter(name: string, { limit, windowMs }: Limit, counters: Counters): RateLimiter {
  const { db, clock } = counters
  const count = createCounter(name, windowMs, counters)
  return {
    async consume(key) {
      const now = clock.now()
      const taken = await count(key, limit, now)
      if (taken.counted) return
      const retryAfter = Math.max(1, Math.ceil((taken.resetAt.getTime() - now.getTime()) / 1000))
      throw new AppError('too_many_requests', { headers: { 'retry-after': String(retryAfter) } })
    },
    refund: (key) => giveBackAttempt(db, `${name}:${key}`, clock.now()),
  }
}

function createSlowdownCounter(name: string, slowdown: Slowdown, counters: Counters): SlowdownCounter {
  const count = createCounter(name, slowdown.windowMs, counters)
  async function failCounted(key: string): Promise<SlowdownFailure> {
    const taken = await count(key, undefined)
    const failures = taken.counted ? taken.count : 0
    const over = failures - slowdown.afterFailures
    const delayMs =
      over <= 0 ? 0 : Math.min(slowdown.maxDelayMs, slowdown.firstDelayMs * 2 ** Math.min(over - 1, 30))
    return { delayMs, failures, atCeiling: failures === slowdown.afterFailures, windowMs: slowdown.windowMs }
  }
  return { failCounted, fail: async (key) => (await failCounted(key)).delayMs }
}

/** Several limiters checked together (e.g. per account and per client IP). */
export async function consumeAll(checks: [RateLimiter, string][]): Promise<void> {
  const taken: [RateLimiter, string][] = []
  try {
    for (const check of checks) {
      await check[0].consume(check[1])
      taken.push(check)
    }
  } catch (error) {
    // A rejected request must not use up the other keys' attempts.
    for (const [limiter, key] of taken) await limiter.refund(key)
    throw error
  }
}

type LimitName = { [K in keyof RateLimits]: RateLimits[K] extends Limit ? K : never }[keyof RateLimits]
type SlowdownName = Exclude<keyof RateLimits, LimitName>
export type RateLimiters = Record<LimitName, RateLimiter> & Record<SlowdownName, SlowdownCounter>

export function createRateLimiters(overrides: Partial<RateLimits>, counters: Counters): RateLimiters {
  const limits = { ...DEFAULT_RATE_LIMITS, ...overrides }
  const limiter = (name: LimitName) => createRateLimiter(name, limits[name], counters)
  return {
    signInPerAccountAtIp: limiter('signInPerAccountAtIp'),
    signInPerIp: limiter('signInPerIp'),
    signInPerAccountAtBusyIp: limiter('signInPerAccountAtBusyIp'),
    signInSlowdownPerAccount: createSlowdownCounter(
      'signInSlowdownPerAccount',
      limits.signInSlowdownPerAccount,
      counters,
    ),
    currentPasswordPerUser: limiter('currentPasswordPerUser'),
    resetPasswordPerAccount: limiter('resetPasswordPerAccount'),
    resetPasswordPerIp: limiter('resetPasswordPerIp'),
    validateEmailPerIp: limiter('validateEmailPerIp'),
    teacherSignUpPerIp: limiter('teacherSignUpPerIp'),
    chatPerUser: limiter('chatPerUser'),
    smsTestPerUser: limiter('smsTestPerUser'),
    teacherStudentLookupsPerTeacher: limiter('teacherStudentLookupsPerTeacher'),
    secondFactorPerSession: limiter('secondFactorPerSession'),
    secondFactorPerIp: limiter('secondFactorPerIp'),
    secondFactorSlowdownPerUser: createSlowdownCounter(
      'secondFactorSlowdownPerUser',
      limits.secondFactorSlowdownPerUser,
      counters,
    ),
  }
}
