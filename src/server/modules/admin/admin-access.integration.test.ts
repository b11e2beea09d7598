import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationBreaches, operatorSignedIn } from '../../test-support/admin-operator.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer, createUser, signIn } from '../../test-support/fixtures.ts'
import { registeredRoutes } from '../../test-support/route-tree.ts'

// Who reaches the operator APIs — every /admin route against signed-out callers, students, teachers
// and an operator without the second factor — and an operator never reaches the students' and
// teachers' APIs.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const api = (path: string) => `/api/v1${path}`
const post = (path: string, token: string | null, payload: object) =>
  t.app.inject({ method: 'POST', url: api(path), payload, headers: token ? bearer(token) : {} })
const get = (path: string, token: string | null) =>
  t.app.inject({ method: 'GET', url: api(path), headers: token ? bearer(token) : {} })

describe('who reaches the operator APIs', () => {
  it('401 signed out, 403 for students, teachers and an operator without the second factor, on every /admin route', async () => {
    // Every /admin route the app has, from its route tree: a new one cannot be left out.
    const routes = registeredRoutes(t.app)
      .filter((route) => route.includes(' /api/v1/admin/'))
      .map((route) => {
        const [method = '', url = ''] = route.split(' ')
        if (method !== 'GET' && method !== 'POST') throw new Error(`an /admin route of ${method}`)
        return { method, url: url.slice('/api/v1'.length) } as const
      })
    expect(routes.length).toBeGreaterThanOrEqual(24)
    expect(await authorizationBreaches(t, routes)).toEqual([])
    const student = await signIn(t.app, (await createUser(t.database.db)).email)
    const teacher = await signIn(t.app, (await createUser(t.database.db, { role: 'teacher' })).email)
    for (const path of ['/operator/me']) {
      expect((await get(path, null)).statusCode).toBe(401)
      expect((await get(path, student.token)).statusCode).toBe(403)
      expect((await get(path, teacher.token)).statusCode).toBe(403)
    }
    for (const path of [
      '/operator/second_factor/enrol',
      '/operator/second_factor/confirm',
      '/operator/second_factor/verify',
      '/operator/second_factor/codes_kept',
      '/operator/second_factor/new_codes',
    ]) {
      expect((await post(path, null, { code: '123456' })).statusCode).toBe(401)
      expect((await post(path, student.token, { code: '123456' })).statusCode).toBe(403)
      expect((await post(path, teacher.token, { code: '123456' })).statusCode).toBe(403)
    }
  })

  it("refuses an operator the students' and teachers' APIs", async () => {
    const { token } = await operatorSignedIn(t)
    for (const path of [
      '/students/me',
      '/teachers/me',
      '/lessons/list_scheduled',
      '/teachers/timetables/show',
      '/settings/show',
      '/sms/status',
    ]) {
      expect((await get(path, token)).statusCode, path).toBe(403)
    }
  })
})
