import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser, TEST_PASSWORD } from '../../test-support/fixtures.ts'
import { teacherSignUpPayload } from '../../test-support/registration.ts'
import { mp4File, multipart, pngFile } from '../../test-support/sample-files.ts'
import { storedFiles } from '../../test-support/stored-files.ts'

// Small limits injected through buildApp: 3 failed sign-ins per account and 5 per IP a minute (2
// per account at an IP past those 5), 2 resets per account and 3 per IP an hour, 4 e-mail checks per IP a minute, 2 teacher
// registrations per IP an hour.
let t: TestApp
beforeAll(async () => {
  const perMinute = (limit: number) => ({ limit, windowMs: 60_000 })
  t = await buildTestApp({
    rateLimits: {
      signInPerAccount: perMinute(3),
      signInPerIp: perMinute(5),
      signInPerAccountAtIp: perMinute(2),
      resetPasswordPerAccount: { limit: 2, windowMs: 3_600_000 },
      resetPasswordPerIp: { limit: 3, windowMs: 3_600_000 },
      validateEmailPerIp: perMinute(4),
      teacherSignUpPerIp: { limit: 2, windowMs: 3_600_000 },
    },
  })
})
afterAll(() => t.close())

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

describe('sign-in limits', () => {
  it('limits failed attempts per account even from different IPs, until the window passes', async () => {
    const user = await createUser(t.database.db)
    for (let i = 0; i < 3; i++) expect((await signInFrom(freshIp(), user.email)).statusCode).toBe(422)
    // The right password does not get through either: the account is protected, not the guess.
    const blocked = await signInFrom(freshIp(), user.email, TEST_PASSWORD)
    expectTooMany(blocked)
    expect(blocked.headers['retry-after']).toBe('60')
    t.clock.advance(60_000)
    expect((await signInFrom(freshIp(), user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  /** An address that has used up its own 5 failures on accounts that do not exist. */
  async function busyAddress(): Promise<string> {
    const ip = freshIp()
    for (let i = 0; i < 5; i++) {
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

  it('answers a busy address alike for accounts that exist and addresses that do not', async () => {
    const ip = await busyAddress()
    const user = await createUser(t.database.db)
    const statuses = async (email: string) => {
      const seen: number[] = []
      for (let i = 0; i < 4; i++) seen.push((await signInFrom(ip, email)).statusCode)
      return seen
    }
    expect(await statuses(user.email)).toEqual([422, 422, 429, 429])
    expect(await statuses(`nobody.${ip}@example.com`)).toEqual([422, 422, 429, 429])
    t.clock.advance(60_000)
  })

  it('does not count successful sign-ins', async () => {
    const user = await createUser(t.database.db)
    const ip = freshIp()
    for (let i = 0; i < 6; i++) expect((await signInFrom(ip, user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })
})

describe('current password limits', () => {
  it('counts wrong current passwords of a profile update like failed sign-ins', async () => {
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
