import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { bearer, createUser, TEST_PASSWORD } from '../test-support/fixtures.ts'
import { pngFile } from '../test-support/sample-files.ts'

// No cache may keep an API answer (people's data, session tokens).

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

/** A new user's sign-in answer. */
async function signInAnswer() {
  const user = await createUser(t.database.db)
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/users/sign_in',
    payload: { email: user.email, password: TEST_PASSWORD },
  })
}

describe('Cache-Control of API answers', () => {
  it('is no-store on the sign-in answer that carries the token', async () => {
    const response = await signInAnswer()
    expect(response.statusCode).toBe(200)
    expect(response.json().data.token).toEqual(expect.any(String))
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('is no-store on authenticated answers and on refusals', async () => {
    const token: string = (await signInAnswer()).json().data.token
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/v1/students/me', headers: bearer(token) }),
      await t.app.inject({ method: 'GET', url: '/api/v1/settings/show', headers: bearer(token) }),
      await t.app.inject({ method: 'GET', url: '/api/v1/students/me' }),
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/teachers/show?teacher_id=x',
        headers: bearer(token),
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/lessons/update',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{"broken":',
      }),
      // Refused by the router itself (a path it cannot decode), before any route or hook.
      await t.app.inject({ method: 'GET', url: '/api/v1/files/a%zz' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' }),
    ]
    expect(answers.map((answer) => [answer.statusCode, answer.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
      [400, 'no-store'],
      [400, 'no-store'],
      [400, 'no-store'],
      [404, 'no-store'],
    ])
    expect(answers[5]?.json()).toMatchObject({ code: 'validation_failed' })
  })

  it("keeps a route's own choice: a signed file URL stays privately cacheable", async () => {
    const stored = await t.storage.put(Readable.from(pngFile()), 'picture')
    const response = await t.app.inject({ method: 'GET', url: t.app.deps.fileUrls.url(stored.key) ?? '' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
  })
})
