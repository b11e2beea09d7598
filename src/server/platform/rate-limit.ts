import type { Db } from '../db/client.ts'
import type { Clock } from './clock.ts'
import { AppError } from './errors.ts'
import type { Log } from './logger.ts'
import { giveBackAttempt, sweepAttempts, takeAttempt } from './rate-limit-repository.ts'

// Fixed-window counters (issue #2), kept in the database (rate-limit-repository.ts) so that every
// server process of one database counts together: ten wrong passwords lock an account whichever
// processes they reached (docs/decisions.md "Cross-process invalidation and shared rate limits").

export type Limit = { limit: number; windowMs: number }

export type RateLimits = {
  signInPerAccount: Limit
  signInPerIp: Limit
  /** An account's failures from one address once that address is over signInPerIp (sign-in.ts). */
  signInPerAccountAtIp: Limit
  resetPasswordPerAccount: Limit
  resetPasswordPerIp: Limit
  validateEmailPerIp: Limit
  teacherSignUpPerIp: Limit
  /** Messages a user posts to lesson chats (issue #21 item 3), across every server process. */
  chatPerUser: Limit
  /**
   * Addresses a teacher looks up for the allowed-students list that are not on it yet (issue #24
   * item 4): whether an address is a student account must not be askable without limit.
   */
  teacherStudentLookupsPerTeacher: Limit
}

const MINUTE = 60_000
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  signInPerIp: { limit: 50, windowMs: 15 * MINUTE },
  signInPerAccountAtIp: { limit: 5, windowMs: 15 * MINUTE },
  resetPasswordPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  resetPasswordPerIp: { limit: 20, windowMs: 60 * MINUTE },
  // spec §5 checks e-mail availability through the server; bound how fast addresses can be probed.
  validateEmailPerIp: { limit: 60, windowMs: 15 * MINUTE },
  // The teacher registration is public and carries up to 105 MB of files: bound the disk it can fill.
  teacherSignUpPerIp: { limit: 10, windowMs: 60 * MINUTE },
  // A person types a few messages a minute; a script posting hundreds fills the other's chat.
  chatPerUser: { limit: 30, windowMs: MINUTE },
  // A class's addresses in one go, not a list of the school's.
  teacherStudentLookupsPerTeacher: { limit: 30, windowMs: 60 * MINUTE },
}

/** Attempts counted by this process between two sweeps of finished windows. */
const SWEEP_EVERY = 1000

export type RateLimiter = {
  /** Counts one attempt for `key`; throws 429 `too_many_requests` (with Retry-After) once over the limit. */
  consume(key: string): Promise<void>
  /** Gives back one attempt (e.g. after a successful sign-in, so only failures use up the limit). */
  refund(key: string): Promise<void>
}

type Counters = { db: Db; clock: Clock; log: Log }

function createRateLimiter(name: string, { limit, windowMs }: Limit, counters: Counters): RateLimiter {
  const { db, clock } = counters
  let sinceSweep = 0
  return {
    async consume(key) {
      const now = clock.now()
      if (++sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0
        sweepAttempts(db, now).catch((err: unknown) =>
          counters.log.error({ err }, 'sweeping rate-limit counters failed'),
        )
      }
      const taken = await takeAttempt(db, `${name}:${key}`, limit, now, new Date(now.getTime() + windowMs))
      if (taken.counted) return
      const retryAfter = Math.max(1, Math.ceil((taken.resetAt.getTime() - now.getTime()) / 1000))
      throw new AppError('too_many_requests', { headers: { 'retry-after': String(retryAfter) } })
    },
    refund: (key) => giveBackAttempt(db, `${name}:${key}`, clock.now()),
  }
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

export type RateLimiters = Record<keyof RateLimits, RateLimiter>

export function createRateLimiters(overrides: Partial<RateLimits>, counters: Counters): RateLimiters {
  const limits = { ...DEFAULT_RATE_LIMITS, ...overrides }
  const limiter = (name: keyof RateLimits) => createRateLimiter(name, limits[name], counters)
  return {
    signInPerAccount: limiter('signInPerAccount'),
    signInPerIp: limiter('signInPerIp'),
    signInPerAccountAtIp: limiter('signInPerAccountAtIp'),
    resetPasswordPerAccount: limiter('resetPasswordPerAccount'),
    resetPasswordPerIp: limiter('resetPasswordPerIp'),
    validateEmailPerIp: limiter('validateEmailPerIp'),
    teacherSignUpPerIp: limiter('teacherSignUpPerIp'),
    chatPerUser: limiter('chatPerUser'),
    teacherStudentLookupsPerTeacher: limiter('teacherStudentLookupsPerTeacher'),
  }
}
