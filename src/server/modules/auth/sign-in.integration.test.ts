import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInResponse } from '../../../domain/api/auth.ts'
import { sessions } from '../../db/schema.ts'
import { hashToken } from '../../platform/tokens.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer, createUser, signIn, TEST_PASSWORD } from '../../test-support/fixtures.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const HOUR = 3_600_000
const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/sign_in',
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  })

describe('POST /users/sign_in', () => {
  it('returns the auth record and a session that expires after the session TTL', async () => {
    const user = await createUser(t.database.db, { role: 'teacher', onlyGroupLessons: false })
    const response = await post({ email: user.email, password: TEST_PASSWORD, remember: false })
    expect(response.statusCode).toBe(200)
    const record = v.parse(signInResponse, response.json()).data
    expect(record).toMatchObject({
      id: user.id,
      role: 'teacher',
      email: user.email,
      registration_completed: true,
    })
    expect(record.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(new Date(record.expires_at).getTime()).toBe(t.clock.now().getTime() + 12 * HOUR)
  })

  it('gives a longer session with remember', async () => {
    const user = await createUser(t.database.db)
    const record = await signIn(t.app, user.email, { remember: true })
    expect(new Date(record.expires_at).getTime()).toBe(t.clock.now().getTime() + 30 * 24 * HOUR)
  })

  it('stores only the SHA-256 hash of the token', async () => {
    const user = await createUser(t.database.db)
    const { token } = await signIn(t.app, user.email)
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)])
  })

  it('matches the e-mail without regard to case or surrounding spaces', async () => {
    const user = await createUser(t.database.db)
    const response = await post({ email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD })
    expect(response.statusCode).toBe(200)
  })

  it('answers a wrong password and an unknown address alike', async () => {
    const user = await createUser(t.database.db)
    const wrongPassword = await post({ email: user.email, password: 'not-the-password' })
    const unknown = await post({ email: 'nobody@example.com', password: TEST_PASSWORD })
    for (const response of [wrongPassword, unknown]) {
      expect(response.statusCode).toBe(422)
      expect(response.json()).toEqual({ error: 'Wrong password or e-mail', code: 'wrong_credentials' })
    }
  })

  it('refuses an invited student who has no password yet as wrong credentials', async () => {
    const user = await createUser(t.database.db, { status: 'invited', passwordHash: null })
    const response = await post({ email: user.email, password: TEST_PASSWORD })
    expect(response.json()).toEqual({ error: 'Wrong password or e-mail', code: 'wrong_credentials' })
  })

  it('tells a teacher awaiting verification, but only after the right password', async () => {
    const user = await createUser(t.database.db, { role: 'teacher', status: 'pending_verification' })
    const right = await post({ email: user.email, password: TEST_PASSWORD })
    expect(right.statusCode).toBe(403)
    expect(right.json()).toEqual({
      error: 'Your account is waiting for verification',
      code: 'awaiting_verification',
    })
    const wrong = await post({ email: user.email, password: 'not-the-password' })
    expect(wrong.json().code).toBe('wrong_credentials')
  })

  it.each(['inactive', 'invited'] as const)('refuses a %s account as inactive', async (status) => {
    const user = await createUser(t.database.db, { status })
    const response = await post({ email: user.email, password: TEST_PASSWORD })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: 'The account is inactive', code: 'account_inactive' })
  })

  it('refuses a banned student with the end of the ban as a Poland date', async () => {
    // 22:30 UTC on 31 March is already 1 April in Poland (CEST, UTC+2).
    const user = await createUser(t.database.db, { bannedUntil: new Date('2026-03-31T22:30:00Z') })
    const response = await post({ email: user.email, password: TEST_PASSWORD })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      error: 'Your account is banned until 01.04.2026 due to cancellation of lessons',
      code: 'account_banned',
      params: { date: '01.04.2026' },
    })
  })

  it('lets a student in once the ban is over, and despite a passed active_until', async () => {
    const user = await createUser(t.database.db, {
      bannedUntil: new Date(t.clock.now().getTime() - 1000),
      activeUntil: '2026-01-01',
    })
    expect((await post({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200)
  })

  it.each([
    ['missing fields', {}, ['email', 'password']],
    ['wrong types', { email: 5, password: true, remember: 'yes' }, ['email', 'password', 'remember']],
    ['an invalid e-mail', { email: 'not-an-email', password: 'x' }, ['email']],
    [
      'oversized strings',
      { email: `${'a'.repeat(250)}@example.com`, password: 'p'.repeat(129) },
      ['email', 'password'],
    ],
  ])('rejects %s with 400 and field messages', async (_, body, fields) => {
    const response = await post(body)
    expect(response.statusCode).toBe(400)
    const json = response.json()
    expect(json).toMatchObject({ error: 'Invalid input', code: 'validation_failed' })
    expect(json.errors.map((e: { field: string }) => e.field).sort()).toEqual(fields)
  })

  it('rejects malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/sign_in',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'validation_failed' })
  })

  it('rejects a body over 1 MiB with 413 and a body that is not JSON with 415', async () => {
    const huge = await post({ email: 'a@b.pl', password: 'x'.repeat(1024 * 1024) })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({ error: 'The file is too large', code: 'payload_too_large' })
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/sign_in',
      payload: 'email=a@b.pl',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(text.statusCode).toBe(415)
    expect(text.json().code).toBe('unsupported_media_type')
  })

  it('rejects an empty JSON body and a body that is not an object with 400', async () => {
    for (const payload of ['', '[]', '"text"', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/sign_in',
        payload,
        headers: { 'content-type': 'application/json' },
      })
      expect(response.statusCode, payload).toBe(400)
    }
  })
})

describe('POST /users/sign_out', () => {
  it('revokes the token: the old token then gets 401', async () => {
    const user = await createUser(t.database.db)
    const { token } = await signIn(t.app, user.email)
    const me = () => t.app.inject({ method: 'GET', url: '/api/v1/students/me', headers: bearer(token) })
    expect((await me()).statusCode).toBe(200)
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/users/sign_out', headers: bearer(token) })
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ data: { ok: true } })
    const after = await me()
    expect(after.statusCode).toBe(401)
    expect(after.json()).toEqual({ error: 'You have been logged out', code: 'unauthenticated' })
  })

  it('answers 200 without a token, with an unknown one and when repeated', async () => {
    const user = await createUser(t.database.db)
    const { token } = await signIn(t.app, user.email)
    for (const headers of [
      {},
      bearer('unknown-token'),
      { authorization: 'garbage' },
      bearer(token),
      bearer(token),
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/users/sign_out', headers })
      expect(response.statusCode).toBe(200)
    }
  })

  it("leaves the user's other sessions alone", async () => {
    const user = await createUser(t.database.db)
    const first = await signIn(t.app, user.email)
    const second = await signIn(t.app, user.email)
    await t.app.inject({ method: 'POST', url: '/api/v1/users/sign_out', headers: bearer(first.token) })
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/students/me',
      headers: bearer(second.token),
    })
    expect(response.statusCode).toBe(200)
  })
})
