import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { type Database, openDatabase } from '../../db/client.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser, TEST_PASSWORD } from '../../test-support/fixtures.ts'
import { teacherSignUpPayload } from '../../test-support/registration.ts'
import { mp4File, multipart, pngFile } from '../../test-support/sample-files.ts'
import { storedFiles } from '../../test-support/stored-files.ts'

// Small limits injected through buildApp: 3 failed sign-ins per account at one address and 6 per
// address a minute (2 per account at an address past those 6); past 4 failures of an account from
// anywhere its failed attempts answer slower (400 ms, then 800 ms); 3 wrong current passwords per
// user a minute; 2 resets per account and 3 per IP an hour, 4 e-mail checks per IP a minute, 2
// teacher registrations per IP an hour.
const perMinute = (limit: number) => ({ limit, windowMs: 60_000 })
const SLOWDOWN = { afterFailures: 4, windowMs: 60_000, firstDelayMs: 400, maxDelayMs: 800 }
const rateLimits = {
  signInPerAccountAtIp: perMinute(3),
  signInPerIp: perMinute(6),
  signInPerAccountAtBusyIp: perMinute(2),
  signInSlowdownPerAccount: SLOWDOWN,
  currentPasswordPerUser: perMinute(3),
  resetPasswordPerAccount: { limit: 2, windowMs: 3_600_000 },
  resetPasswordPerIp: { limit: 3, windowMs: 3_600_000 },
  validateEmailPerIp: perMinute(4),
  teacherSignUpPerIp: { limit: 2, windowMs: 3_600_000 },
}
let t: TestApp
/** A second server on the same database, with connections of its own (another process). */
let second: { app: FastifyInstance; database: Database }
beforeAll(async () => {
  t = await buildTestApp({ rateLimits })
  const database = await openDatabase({
    databaseUrl: t.databaseUrl,
    dataDir: '.tmp/unused',
    log: { info: () => {}, error: () => {} },
  })
  const app = await buildApp({ ...t, database, logger: false, rateLimits })
  second = { app, database }
})
afterAll(async () => {
  await second.app.close()
  await second.database.close()
  await t.close()
})

let ipCounter = 0
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

const signInFrom = (remoteAddress: string, email: string, password = 'wrong-password') =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/sign_in', payload: { email, password }, remoteAddress })

const expectTooMany = (response: Awaited<ReturnType<typeof signInFrom>>) => {
  expect(response.statusCode).toBe(429)
  expect(response.json()).toEqual({
    error: 'Too many requests. Please try again later.',
    code: 'too_many_requests',
  })
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
}

/** Milliseconds a request takes, with its answer. */
async function timed<T>(request: Promise<T>): Promise<{ response: T; ms: number }> {
  const started = performance.now()
  const response = await request
  return { response, ms: performance.now() - started }
}

describe('sign-in limits (none of them can be aimed at the owner)', () => {
  it('blocks an address that keeps failing for that account only; the owner elsewhere signs in at once', async () => {
    const user = await createUser(t.database.db)
    const a = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 50; i++) statuses.push((await signInFrom(a, user.email)).statusCode)
    expect(statuses.slice(0, 3)).toEqual([422, 422, 422])
    expect(new Set(statuses.slice(3))).toEqual(new Set([429]))

    // Refused attempts checked no password, so they are not counted against the account.
    const fromB = await timed(signInFrom(freshIp(), user.email, TEST_PASSWORD))
    expect(fromB.response.statusCode).toBe(200)
    expect(fromB.ms).toBeLessThan(SLOWDOWN.firstDelayMs)

    // Address A stays blocked for this account, even with the right password, until its window passes…
    const fromA = await signInFrom(a, user.email, TEST_PASSWORD)
    expectTooMany(fromA)
    expect(fromA.headers['retry-after']).toBe('60')
    // …and only for this account.
    const other = await createUser(t.database.db)
    expect((await signInFrom(a, other.email, TEST_PASSWORD)).statusCode).toBe(200)
    t.clock.advance(60_000)
    expect((await signInFrom(a, user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it("slows an account's failures from many addresses past its ceiling, never refusing the owner", async () => {
    const user = await createUser(t.database.db)
    for (let i = 0; i < SLOWDOWN.afterFailures; i++) {
      const attempt = await timed(signInFrom(freshIp(), user.email))
      expect(attempt.response.statusCode).toBe(422)
      expect(attempt.ms).toBeLessThan(SLOWDOWN.firstDelayMs)
    }
    const first = await timed(signInFrom(freshIp(), user.email))
    expect(first.response.statusCode).toBe(422)
    expect(first.ms).toBeGreaterThanOrEqual(SLOWDOWN.firstDelayMs)
    const second = await timed(signInFrom(freshIp(), user.email))
    expect(second.response.statusCode).toBe(422)
    expect(second.ms).toBeGreaterThanOrEqual(SLOWDOWN.maxDelayMs)

    const owner = await timed(signInFrom(freshIp(), user.email, TEST_PASSWORD))
    expect(owner.response.statusCode).toBe(200)
    expect(owner.ms).toBeLessThan(SLOWDOWN.firstDelayMs)
    t.clock.advance(60_000)
  })

  /** An address that has used up its own 6 failures on accounts that do not exist. */
  async function busyAddress(): Promise<string> {
    const ip = freshIp()
    for (let i = 0; i < 6; i++) {
      expect((await signInFrom(ip, `someone.${ip}.${i}@example.com`)).statusCode).toBe(422)
    }
    return ip
  }

  it('lets a correct password in from a busy address (an office behind one NAT)', async () => {
    const ip = await busyAddress()
    const user = await createUser(t.database.db)
    expect((await signInFrom(ip, user.email, TEST_PASSWORD)).statusCode).toBe(200)
    // A typo first changes nothing for its owner.
    const other = await createUser(t.database.db)
    expect((await signInFrom(ip, other.email)).statusCode).toBe(422)
    expect((await signInFrom(ip, other.email, TEST_PASSWORD)).statusCode).toBe(200)
    t.clock.advance(60_000)
  })

  it('keeps guessing across accounts from a busy address to a few tries per account', async () => {
    const ip = await busyAddress()
    const user = await createUser(t.database.db)
    for (let i = 0; i < 2; i++) expect((await signInFrom(ip, user.email)).statusCode).toBe(422)
    expectTooMany(await signInFrom(ip, user.email, TEST_PASSWORD))
    // Another client, and the same client a window later, are unaffected.
    expect((await signInFrom(freshIp(), user.email, TEST_PASSWORD)).statusCode).toBe(200)
    t.clock.advance(60_000)
    expect((await signInFrom(ip, user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('answers alike for accounts that exist and addresses that do not', async () => {
    const statuses = async (ip: string, email: string) => {
      const seen: number[] = []
      for (let i = 0; i < 4; i++) seen.push((await signInFrom(ip, email)).statusCode)
      return seen
    }
    const user = await createUser(t.database.db)
    expect(await statuses(freshIp(), user.email)).toEqual([422, 422, 422, 429])
    expect(await statuses(freshIp(), `nobody.${ipCounter}@example.com`)).toEqual([422, 422, 422, 429])
    const ip = await busyAddress()
    const another = await createUser(t.database.db)
    expect(await statuses(ip, another.email)).toEqual([422, 422, 429, 429])
    expect(await statuses(ip, `nobody.${ip}@example.com`)).toEqual([422, 422, 429, 429])
    t.clock.advance(60_000)
  })

  it('counts the failed attempts of every server process on the database together', async () => {
    const user = await createUser(t.database.db)
    const ip = freshIp()
    const secondSignIn = (email: string, password = 'wrong-password') =>
      second.app.inject({
        method: 'POST',
        url: '/api/v1/users/sign_in',
        payload: { email, password },
        remoteAddress: ip,
      })
    expect((await signInFrom(ip, user.email)).statusCode).toBe(422)
    expect((await secondSignIn(user.email)).statusCode).toBe(422)
    expect((await signInFrom(ip, user.email)).statusCode).toBe(422)
    expectTooMany(await secondSignIn(user.email, TEST_PASSWORD))
    expectTooMany(await signInFrom(ip, user.email, TEST_PASSWORD))
    t.clock.advance(60_000)
  })

  it('lets no more attempts through than the limit when they arrive at once on both servers', async () => {
    const user = await createUser(t.database.db)
    const ip = freshIp()
    const attempts = Array.from({ length: 8 }, (_, i) =>
      (i % 2 ? second.app : t.app).inject({
        method: 'POST',
        url: '/api/v1/users/sign_in',
        payload: { email: user.email, password: 'wrong-password' },
        remoteAddress: ip,
      }),
    )
    const statuses = (await Promise.all(attempts)).map((response) => response.statusCode).sort()
    expect(statuses).toEqual([422, 422, 422, 429, 429, 429, 429, 429])
    t.clock.advance(60_000)
  })

  it('does not count successful sign-ins', async () => {
    const user = await createUser(t.database.db)
    const ip = freshIp()
    for (let i = 0; i < 8; i++) expect((await signInFrom(ip, user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })
})

describe('current password limits', () => {
  it('limits wrong current passwords of a profile update per user', async () => {
    const user = await createUser(t.database.db)
    const signIn = await signInFrom(freshIp(), user.email, TEST_PASSWORD)
    const token: string = signIn.json().data.token
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/students/update',
        headers: { authorization: `Bearer ${token}` },
        payload: { currentPassword, password: 'brand-new-pass', passwordConfirmation: 'brand-new-pass' },
      })
    for (let i = 0; i < 3; i++) expect((await change('wrong-password')).statusCode).toBe(422)
    expectTooMany(await change(TEST_PASSWORD))
    t.clock.advance(60_000)
  })
})

describe('password reset limits', () => {
  const reset = (remoteAddress: string, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/reset_password', payload: { email }, remoteAddress })

  it('limits resets per account across IPs and per IP across accounts', async () => {
    const email = 'reset.limit@example.com'
    expect((await reset(freshIp(), email)).statusCode).toBe(200)
    t.clock.advance(121_000)
    expect((await reset(freshIp(), email)).statusCode).toBe(200)
    t.clock.advance(121_000)
    expectTooMany(await reset(freshIp(), email))

    t.clock.advance(3_600_000)
    const ip = freshIp()
    for (let i = 0; i < 3; i++) expect((await reset(ip, `reset.ip.${i}@example.com`)).statusCode).toBe(200)
    expectTooMany(await reset(ip, 'reset.ip.9@example.com'))
  })
})

describe('e-mail availability limits', () => {
  it('limits checks per IP', async () => {
    const ip = freshIp()
    const check = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users/validate_email',
        payload: { email },
        remoteAddress: ip,
      })
    for (let i = 0; i < 4; i++) expect((await check(`free.${i}@example.com`)).statusCode).toBe(200)
    expectTooMany(await check('free.9@example.com'))
  })
})

describe('teacher registration limits', () => {
  it('limits registrations per IP, before any file is received', async () => {
    const ip = freshIp()
    const signUp = async () => {
      const body = await multipart(teacherSignUpPayload(), {
        image: { bytes: pngFile() },
        video: { bytes: mp4File() },
      })
      return t.app.inject({ method: 'POST', url: '/api/v1/teachers/sign_up', remoteAddress: ip, ...body })
    }
    for (let i = 0; i < 2; i++) expect((await signUp()).statusCode).toBe(201)
    const files = await storedFiles(t.filesDir)
    expectTooMany(await signUp())
    expect(await storedFiles(t.filesDir)).toEqual(files)
  })
})
