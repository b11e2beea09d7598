import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { openDatabase } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { get, post } from '../test-support/http.ts'
import { bookableTeacher, bookingStudent, ENGLISH } from '../test-support/lessons.ts'
import { parseSearch } from '../test-support/teacher-fixtures.ts'
import { currentUserWithRole } from './auth.ts'

// A writer that knows nothing of the board, the session cache or other processes: a route that
// exists only in this test renames the calling teacher and publishes its change once committed
// (docs/architecture.md "After a write commits"). Search, answered from the board with its cache
// on as in production, shows the new name at once in this process, and within a second in a second
// process that shares the database (its own connections: the change feed carries it).

const TTL_MS = 60_000
const silent = { info: () => {}, error: () => {} }

async function renameRoute(api: FastifyInstance): Promise<void> {
  api.post('/test/rename_me', { preHandler: api.authenticate }, async (request) => {
    const teacher = currentUserWithRole(request, 'teacher')
    const ctx = api.deps
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ lastName: 'Renamed' }).where(eq(users.id, teacher.id))
    })
    ctx.changes.publish({ kind: 'teacher', id: teacher.id })
    return { data: null }
  })
}

let t: TestApp
let second: { app: FastifyInstance; close(): Promise<void> }
beforeAll(async () => {
  t = await buildTestApp({ config: { boardCacheMs: TTL_MS }, routes: renameRoute })
  const database = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: '.tmp/unused', log: silent })
  const app = await buildApp({ config: t.config, database, mailer: t.mailer, clock: t.clock, logger: false })
  await app.ready()
  second = {
    app,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
})
afterAll(async () => {
  await second?.close()
  await t?.close()
})

const lastNameIn = async (app: FastifyInstance, token: string, teacherId: string) => {
  const query = new URLSearchParams({ language_id: String(ENGLISH), per_page: '50' })
  const page = parseSearch((await get(app, `/teachers/search?${query}`, token)).json())
  return page.data.find((row) => row.id === teacherId)?.last_name
}

describe('the change road', () => {
  it('brings a brand-new writer’s published change to search at once, and to a second process', async () => {
    const { teacher, teacherToken } = await bookableTeacher(t, { values: { lastName: 'Before' } })
    const { token } = await bookingStudent(t)
    // Both boards hold the teacher under the old name (the cache keeps it for a minute).
    expect(await lastNameIn(t.app, token, teacher.id)).toBe('Before')
    expect(await lastNameIn(second.app, token, teacher.id)).toBe('Before')

    expect((await post(t.app, '/test/rename_me', { token: teacherToken, payload: {} })).statusCode).toBe(200)

    expect(await lastNameIn(t.app, token, teacher.id)).toBe('Renamed')
    await expect.poll(() => lastNameIn(second.app, token, teacher.id), { timeout: 1000 }).toBe('Renamed')
  })
})
