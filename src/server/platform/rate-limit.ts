import type { Clock } from './clock.ts'
import { AppError } from './errors.ts'

// Per-process fixed-window counters (issue #2). State lives in this process's memory: with several
// server processes behind a balancer each one counts on its own, so the effective limit is
// multiplied by the number of processes. The embedded (PGlite) mode runs a single process.

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
}

type Window = { count: number; resetAt: number }

const SWEEP_THRESHOLD = 10_000

export type RateLimiter = {
  /** Counts one attempt for `key`; throws 429 `too_many_requests` (with Retry-After) once over the limit. */
  consume(key: string): void
  /** Gives back one attempt (e.g. after a successful sign-in, so only failures use up the limit). */
  refund(key: string): void
}

export function createRateLimiter({ limit, windowMs }: Limit, clock: Clock): RateLimiter {
  const windows = new Map<string, Window>()

  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key)
  }

  return {
    consume(key) {
      const now = clock.now().getTime()
      if (windows.size >= SWEEP_THRESHOLD) sweep(now)
      let window = windows.get(key)
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs }
        windows.set(key, window)
      }
      if (window.count >= limit) {
        const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000))
        throw new AppError('too_many_requests', { headers: { 'retry-after': String(retryAfter) } })
      }
      window.count += 1
    },
    refund(key) {
      const window = windows.get(key)
      if (window && window.count > 0) window.count -= 1
    },
  }
}

/** Several limiters checked together (e.g. per account and per client IP). */
export function consumeAll(checks: [RateLimiter, string][]): void {
  const taken: [RateLimiter, string][] = []
  try {
    for (const check of checks) {
      check[0].consume(check[1])
      taken.push(check)
    }
  } catch (error) {
    // A rejected request must not use up the other keys' attempts.
    for (const [limiter, key] of taken) limiter.refund(key)
    throw error
  }
}

export type RateLimiters = Record<keyof RateLimits, RateLimiter>

export function createRateLimiters(overrides: Partial<RateLimits>, clock: Clock): RateLimiters {
  const limits = { ...DEFAULT_RATE_LIMITS, ...overrides }
  return {
    signInPerAccount: createRateLimiter(limits.signInPerAccount, clock),
    signInPerIp: createRateLimiter(limits.signInPerIp, clock),
    signInPerAccountAtIp: createRateLimiter(limits.signInPerAccountAtIp, clock),
    resetPasswordPerAccount: createRateLimiter(limits.resetPasswordPerAccount, clock),
    resetPasswordPerIp: createRateLimiter(limits.resetPasswordPerIp, clock),
    validateEmailPerIp: createRateLimiter(limits.validateEmailPerIp, clock),
    teacherSignUpPerIp: createRateLimiter(limits.teacherSignUpPerIp, clock),
  }
}
