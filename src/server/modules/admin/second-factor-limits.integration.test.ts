import * as OTPAuth from 'otpauth'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../../platform/rate-limit.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer, createUser, signIn, uniqueEmail } from '../../test-support/fixtures.ts'

// docs/decisions.md "A second factor that cannot be aimed at its owner": a thief who knows an
// operator's password guesses codes; the guesses stop per session and per address, the operator is
// e-mailed, and the owner still passes at once from elsewhere. The school's own limits, with the
// slowdown's waits shortened so the test takes seconds.

const THIEF = '203.0.113.7'
const HOME = '198.51.100.20'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    rateLimits: {
      secondFactorPerSession: DEFAULT_RATE_LIMITS.secondFactorPerSession,
      secondFactorPerIp: DEFAULT_RATE_LIMITS.secondFactorPerIp,
      secondFactorSlowdownPerUser: {
        ...DEFAULT_RATE_LIMITS.secondFactorSlowdownPerUser,
        firstDelayMs: 20,
        maxDelayMs: 100,
      },
    },
  })
})
afterAll(() => t.close())

const post = (path: string, token: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${path}`, payload, headers: bearer(token), remoteAddress: ip })

const totp = (secret: string) =>
  new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) })

/** An operator with the second factor enrolled (from home), its secret and recovery codes. */
async function enrolledOperator() {
  const user = await createUser(t.database.db, { role: 'operator', email: uniqueEmail('owner') })
  const { token } = await signIn(t.app, user.email, { ip: HOME })
  const { secret } = (await post('/operator/second_factor/enrol', token, {}, HOME)).json().data
  const code = totp(secret).generate({ timestamp: t.clock.now().getTime() })
  const confirm = await post('/operator/second_factor/confirm', token, { code }, HOME)
  expect(confirm.statusCode).toBe(200)
  // The console opens once the operator says the recovery codes are kept.
  expect((await post('/operator/second_factor/codes_kept', token, {}, HOME)).statusCode).toBe(200)
  return { user, secret: String(secret), recoveryCodes: confirm.json().data.recovery_codes as string[] }
}

/** A code no step around now accepts. */
function wrongCodeFor(secret: string) {
  const now = t.clock.now().getTime()
  const near = [-30_000, 0, 30_000].map((d) => totp(secret).generate({ timestamp: now + d }))
  return ['000000', '111111', '222222', '333333'].find((code) => !near.includes(code)) ?? '444444'
}

it("a thief's 50 wrong codes stop at their session and address, e-mail the owner once, and the owner passes at once from home", async () => {
  const { user, secret, recoveryCodes } = await enrolledOperator()
  const wrong = wrongCodeFor(secret)
  const verify = (token: string, ip: string, body: object) =>
    post('/operator/second_factor/verify', token, body, ip)

  const thief = await signIn(t.app, user.email, { ip: THIEF })
  const statuses: number[] = []
  for (let i = 0; i < 50; i++) statuses.push((await verify(thief.token, THIEF, { code: wrong })).statusCode)
  expect(statuses.filter((s) => s === 400)).toHaveLength(5)
  expect(statuses.slice(5).every((s) => s === 429)).toBe(true)

  // New sessions from the thief's address: 5 more guesses each until the address has had 20.
  for (let session = 0; session < 3; session++) {
    const again = await signIn(t.app, user.email, { ip: THIEF })
    for (let i = 0; i < 5; i++)
      expect((await verify(again.token, THIEF, { code: wrong })).statusCode).toBe(400)
  }
  const fifth = await signIn(t.app, user.email, { ip: THIEF })
  expect((await verify(fifth.token, THIEF, { code: wrong })).statusCode).toBe(429)

  // The tenth wrong code e-mailed the operator, once.
  const alerts = t.mailer.messages.filter((m) => m.to === user.email)
  expect(alerts.map((m) => m.subject)).toEqual(['Lektorium: nieudane próby kodu drugiego składnika'])
  expect(alerts[0]?.text).toContain('prób: 10 w ciągu 15 min')

  // The owner, from home, with the code their app shows now: no wait, no refusal.
  t.clock.advance(30_000)
  const owner = await signIn(t.app, user.email, { ip: HOME })
  const started = performance.now()
  const passed = await verify(owner.token, HOME, {
    code: totp(secret).generate({ timestamp: t.clock.now().getTime() }),
  })
  expect(passed.statusCode).toBe(200)
  expect(performance.now() - started).toBeLessThan(1000)
  const audit = await t.app.inject({
    method: 'GET',
    url: '/api/v1/admin/audit/index',
    headers: bearer(owner.token),
  })
  expect(audit.statusCode).toBe(200)

  // Behind the thief's address (one office's NAT), a right recovery code still passes.
  const shared = await signIn(t.app, user.email, { ip: THIEF })
  expect((await verify(shared.token, THIEF, { recovery_code: recoveryCodes[0] })).statusCode).toBe(200)
  // A wrong recovery code there is refused like a wrong code.
  const other = await signIn(t.app, user.email, { ip: THIEF })
  expect((await verify(other.token, THIEF, { recovery_code: 'aaaaa-bbbbb' })).statusCode).toBe(429)
})
