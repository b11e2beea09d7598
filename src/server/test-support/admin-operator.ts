import * as OTPAuth from 'otpauth'
import type { TestApp } from './build-test-app.ts'
import { bearer, createUser, signIn, uniqueEmail } from './fixtures.ts'

// Operators of the school's console for integration tests, as admin.integration.test.ts
// makes them: signed in, and with the second factor enrolled and passed.

const codeAt = (secret: string, at: Date) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() })

/** An operator signed in whose session has not passed the second factor. */
export async function operatorHalfway(t: TestApp) {
  const user = await createUser(t.database.db, { role: 'operator', email: uniqueEmail('operator') })
  return { user, token: (await signIn(t.app, user.email)).token }
}

/** An operator whose session passed the second factor (enrolled now), the recovery codes kept. */
export async function operatorSignedIn(t: TestApp) {
  const { user, token } = await operatorHalfway(t)
  const headers = bearer(token)
  const enrol = await t.app.inject({ method: 'POST', url: '/api/v1/operator/second_factor/enrol', headers })
  if (enrol.statusCode !== 200) throw new Error(`enrol: ${enrol.statusCode} ${enrol.body}`)
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/v1/operator/second_factor/confirm',
    headers,
    payload: { code: codeAt(enrol.json().data.secret, t.clock.now()) },
  })
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`)
  const kept = await t.app.inject({
    method: 'POST',
    url: '/api/v1/operator/second_factor/codes_kept',
    headers,
  })
  if (kept.statusCode !== 200) throw new Error(`codes_kept: ${kept.statusCode} ${kept.body}`)
  return { user, token }
}

export type Route = { method: 'GET' | 'POST'; url: string; payload?: object }

/**
 * The operator APIs' authorization matrix for `routes`: signed out 401; a student, a teacher and an
 * operator without the second factor 403; the operator past it gets no 401/403. Returns the
 * statuses that broke it (empty when all held).
 */
export async function authorizationBreaches(t: TestApp, routes: Route[]): Promise<string[]> {
  const student = (await signIn(t.app, (await createUser(t.database.db)).email)).token
  const teacher = (await signIn(t.app, (await createUser(t.database.db, { role: 'teacher' })).email)).token
  const halfway = (await operatorHalfway(t)).token
  const operator = (await operatorSignedIn(t)).token
  const callers: [string, string | null, (status: number) => boolean][] = [
    ['signed out', null, (s) => s === 401],
    ['student', student, (s) => s === 403],
    ['teacher', teacher, (s) => s === 403],
    ['operator without second factor', halfway, (s) => s === 403],
    ['operator', operator, (s) => s !== 401 && s !== 403 && s < 500],
  ]
  const breaches: string[] = []
  for (const route of routes) {
    for (const [who, token, ok] of callers) {
      const response = await t.app.inject({
        method: route.method,
        url: `/api/v1${route.url}`,
        ...(route.payload ? { payload: route.payload } : {}),
        headers: token ? bearer(token) : {},
      })
      if (!ok(response.statusCode))
        breaches.push(`${route.method} ${route.url} ${who}: ${response.statusCode}`)
    }
  }
  return breaches
}
