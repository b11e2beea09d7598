import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../db/schema.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { bearer, createUser, signIn } from '../test-support/fixtures.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const HOUR = 3_600_000
const me = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/students/me', headers })
const expectLoggedOut = async (headers: Record<string, string>) => {
  const response = await me(headers)
  expect(response.statusCode).toBe(401)
  expect(response.json()).toEqual({ error: 'You have been logged out', code: 'unauthenticated' })
}

describe('bearer authentication', () => {
  it('refuses a request without a token, with a malformed header or an unknown token', async () => {
    await expectLoggedOut({})
    await expectLoggedOut({ authorization: 'Basic dXNlcjpwYXNz' })
    await expectLoggedOut({ authorization: 'Bearer ' })
    await expectLoggedOut({ authorization: `Bearer ${'x'.repeat(500)}` })
    await expectLoggedOut(bearer('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))
  })

  it('expires a session after the session TTL, by the clock', async () => {
    const user = await createUser(t.database.db)
    const { token } = await signIn(t.app, user.email)
    t.clock.advance(12 * HOUR - 1000)
    expect((await me(bearer(token))).statusCode).toBe(200)
    t.clock.advance(1000)
    await expectLoggedOut(bearer(token))
  })

  it('keeps a remembered session for 30 days', async () => {
    const user = await createUser(t.database.db)
    const { token } = await signIn(t.app, user.email, { remember: true })
    t.clock.advance(13 * HOUR)
    expect((await me(bearer(token))).statusCode).toBe(200)
    t.clock.advance(30 * 24 * HOUR)
    await expectLoggedOut(bearer(token))
  })

  it('logs out a user deactivated after signing in', async () => {
    const user = await createUser(t.database.db)
    const { token } = await signIn(t.app, user.email)
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id))
    await expectLoggedOut(bearer(token))
  })

  it('logs out a user banned after signing in', async () => {
    const user = await createUser(t.database.db)
    const { token } = await signIn(t.app, user.email)
    const bannedUntil = new Date(t.clock.now().getTime() + 24 * HOUR)
    await t.database.db.update(users).set({ bannedUntil }).where(eq(users.id, user.id))
    await expectLoggedOut(bearer(token))
  })

  it('accepts the scheme name in any case', async () => {
    const user = await createUser(t.database.db)
    const { token } = await signIn(t.app, user.email)
    expect((await me({ authorization: `bearer ${token}` })).statusCode).toBe(200)
  })
})
