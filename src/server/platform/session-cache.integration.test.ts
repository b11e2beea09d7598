import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client.ts'
import { sessions, users } from '../db/schema.ts'
import { updateUser } from '../modules/users/repository.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { bearer, createUser, signIn, TEST_PASSWORD } from '../test-support/fixtures.ts'
import { post } from '../test-support/http.ts'

// The per-process session cache (platform/session-cache.ts): writes through this process are
// seen at once, and so are another process's (through the change feed); a change on this
// process's own connections that skipped the eviction, at most SESSION_CACHE_SECONDS late.

const silent = { info: () => {}, error: () => {} }
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ config: { sessionCacheMs: 5000 } })
})
afterAll(() => t.close())

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/students/me', headers: bearer(token) })

async function signedIn() {
  const user = await createUser(t.database.db)
  const { token } = await signIn(t.app, user.email)
  expect((await me(token)).statusCode).toBe(200)
  return { user, token }
}

describe('session cache', () => {
  it('forgets a session at sign-out, at once', async () => {
    const { token } = await signedIn()
    expect((await post(t.app, '/users/sign_out', { token })).statusCode).toBeLessThan(300)
    expect((await me(token)).statusCode).toBe(401)
  })

  it('sees a change made through this process at once (a deactivated account)', async () => {
    const { user, token } = await signedIn()
    await updateUser(t.database.db, user.id, { status: 'inactive' })
    // A write publishes its committed change on the change road (architecture.md "After a write
    // commits"); the cache hears it there.
    t.ctx.changes.publish({ kind: 'user', id: user.id })
    expect((await me(token)).statusCode).toBe(401)
  })

  it('revokes the other sessions at once when the password changes', async () => {
    const { user, token } = await signedIn()
    const other = (await signIn(t.app, user.email)).token
    expect((await me(other)).statusCode).toBe(200)
    const response = await post(t.app, '/students/update', {
      token,
      payload: {
        currentPassword: TEST_PASSWORD,
        password: 'a-new-password-1',
        passwordConfirmation: 'a-new-password-1',
      },
    })
    expect(response.statusCode).toBe(200)
    expect((await me(other)).statusCode).toBe(401)
    expect((await me(token)).statusCode).toBe(200)
  })

  it('forgets a user another process deactivates or signs out, at once', async () => {
    const banned = await signedIn()
    const signedOut = await signedIn()
    const other = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: '.tmp/unused', log: silent })
    try {
      await other.db.update(users).set({ status: 'inactive' }).where(eq(users.id, banned.user.id))
      await other.db
        .update(sessions)
        .set({ revokedAt: t.clock.now() })
        .where(eq(sessions.userId, signedOut.user.id))
    } finally {
      await other.close()
    }
    await expect.poll(async () => (await me(banned.token)).statusCode, { timeout: 1000 }).toBe(401)
    await expect.poll(async () => (await me(signedOut.token)).statusCode, { timeout: 1000 }).toBe(401)
  })

  it('answers from memory for at most the cache time when its own connections skipped the eviction', async () => {
    const { user, token } = await signedIn()
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id))
    t.clock.advance(4999)
    expect((await me(token)).statusCode).toBe(200)
    t.clock.advance(1)
    expect((await me(token)).statusCode).toBe(401)
  })

  it('never outlives the session itself', async () => {
    const { token } = await signedIn()
    t.clock.advance(12 * 3_600_000 - 1000)
    expect((await me(token)).statusCode).toBe(200)
    t.clock.advance(1000)
    expect((await me(token)).statusCode).toBe(401)
  })
})
