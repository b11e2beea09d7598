import { eq } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runOpsCommand } from '../../cli/commands.ts'
import { users } from '../../db/schema.ts'
import { auditLog, operatorRecoveryCodes, operatorSecondFactors } from '../../db/schema-admin.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { tokenIn } from '../../test-support/capturing-mailer.ts'
import { bearer, createUser, signIn, TEST_PASSWORD, uniqueEmail } from '../../test-support/fixtures.ts'
import { open, seal } from './secret-box.ts'

// Operator accounts, their second factor and the operator APIs' guard (what they do and its audit
// log: admin-audit.integration.test.ts).

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const api = (path: string) => `/api/v1${path}`
const post = (path: string, token: string | null, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: api(path),
    payload: payload as object,
    headers: token ? bearer(token) : {},
  })
const get = (path: string, token: string | null) =>
  t.app.inject({ method: 'GET', url: api(path), headers: token ? bearer(token) : {} })

/** The code an authenticator app shows for `secret` at the test clock's time. */
const codeAt = (secret: string, at: Date) =>
  new OTPAuth.TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  }).generate({
    timestamp: at.getTime(),
  })

/** An operator account with a password, signed in; its second factor not enrolled yet. */
async function operatorSignedIn() {
  const user = await createUser(t.database.db, { role: 'operator', email: uniqueEmail('operator') })
  const record = await signIn(t.app, user.email)
  return { user, record }
}

/** An operator whose session passed the second factor (enrolled now), with its secret and codes. */
async function operatorWithSecondFactor() {
  const { user, record } = await operatorSignedIn()
  const enrol = await post('/operator/second_factor/enrol', record.token)
  expect(enrol.statusCode).toBe(200)
  const { secret } = enrol.json().data as { secret: string }
  const confirm = await post('/operator/second_factor/confirm', record.token, {
    code: codeAt(secret, t.clock.now()),
  })
  expect(confirm.statusCode).toBe(200)
  expect((await post('/operator/second_factor/codes_kept', record.token)).statusCode).toBe(200)
  return { user, token: record.token, secret, recoveryCodes: confirm.json().data.recovery_codes as string[] }
}

const auditOf = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id)

describe('create-operator', () => {
  it('creates an operator, mails a link to set the password, and audits it as the CLI', async () => {
    const email = uniqueEmail('new-operator')
    const output = await runOpsCommand(t.ctx, { command: 'create-operator', email, locale: 'en' })
    expect(output).toMatch(`Created operator ${email}`)
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email))
    expect(user).toMatchObject({ role: 'operator', status: 'active', passwordHash: null })
    const mail = t.mailer.lastTo(email)
    expect(mail?.subject).toBe("Lektorium: your account in the school's console")

    const set = await post('/users/update_password', null, {
      reset_token: tokenIn(mail),
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    })
    expect(set.statusCode).toBe(200)
    const record = await signIn(t.app, email)
    expect(record).toMatchObject({ role: 'operator', second_factor: 'enrol' })

    const [entry] = (await auditOf('operator.create')).filter((e) => e.targetId === user?.id)
    expect(entry).toMatchObject({ actorKind: 'cli', actorId: null, before: null })
    expect(entry?.after).toMatchObject({ email, role: 'operator' })
  })

  it('refuses an address of another account, and resends a link to an operator without a password', async () => {
    const student = await createUser(t.database.db)
    await expect(
      runOpsCommand(t.ctx, { command: 'create-operator', email: student.email, locale: 'pl' }),
    ).rejects.toThrow('already in use')
    const email = uniqueEmail('twice')
    await runOpsCommand(t.ctx, { command: 'create-operator', email, locale: 'pl' })
    const again = await runOpsCommand(t.ctx, { command: 'create-operator', email, locale: 'pl' })
    expect(again).toMatch(`Sent a new link to operator ${email}`)
  })

  it('never lets a student or teacher sign-in answer ask for a second factor', async () => {
    const student = await createUser(t.database.db)
    expect((await signIn(t.app, student.email)).second_factor).toBeUndefined()
  })
})

describe('the second factor', () => {
  it('enrols with an authenticator code, and each later sign-in must verify one', async () => {
    const { user, record } = await operatorSignedIn()
    expect(record.second_factor).toBe('enrol')
    expect((await get('/admin/audit/index', record.token)).statusCode).toBe(403)

    const me = async (token: string) => (await get('/operator/me', token)).json().data.second_factor
    expect(await me(record.token)).toBe('enrol')
    const enrol = await post('/operator/second_factor/enrol', record.token)
    expect(enrol.statusCode).toBe(200)
    const { otpauth_uri, secret } = enrol.json().data
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Lektorium:.*secret=.*&algorithm=SHA1&digits=6&period=30/)
    const parsed = OTPAuth.URI.parse(otpauth_uri)
    expect(parsed.issuer).toBe('Lektorium')

    // The secret is stored sealed, not as the base32 the app got.
    const [stored] = await t.database.db
      .select()
      .from(operatorSecondFactors)
      .where(eq(operatorSecondFactors.userId, user.id))
    expect(stored?.secretSealed).not.toContain(secret)
    expect(stored?.enabledAt).toBeNull()

    const wrong = await post('/operator/second_factor/confirm', record.token, {
      code: '000000' === codeAt(secret, t.clock.now()) ? '111111' : '000000',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toEqual([{ field: 'code', message: 'Invalid value', code: 'invalid' }])

    const confirm = await post('/operator/second_factor/confirm', record.token, {
      code: codeAt(secret, t.clock.now()),
    })
    expect(confirm.statusCode).toBe(200)
    const codes = confirm.json().data.recovery_codes as string[]
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    const hashes = await t.database.db
      .select()
      .from(operatorRecoveryCodes)
      .where(eq(operatorRecoveryCodes.userId, user.id))
    expect(hashes.map((h) => h.codeHash)).not.toContain(codes[0])
    // The console opens once the operator says the codes are kept, also after a reload.
    expect((await get('/admin/audit/index', record.token)).statusCode).toBe(403)
    expect(await me(record.token)).toBe('keep_codes')
    expect((await post('/operator/second_factor/codes_kept', record.token)).statusCode).toBe(200)
    expect((await get('/admin/audit/index', record.token)).statusCode).toBe(200)
    expect(await me(record.token)).toBe('passed')
    expect((await post('/operator/second_factor/codes_kept', record.token)).statusCode).toBe(403)
    // Once enabled, the factor cannot be replaced with a stolen password alone.
    expect((await post('/operator/second_factor/enrol', record.token)).statusCode).toBe(403)

    // A second sign-in: the new session must verify; the code of a step already used is refused.
    const second = await signIn(t.app, user.email)
    expect(second.second_factor).toBe('verify')
    expect(await me(second.token)).toBe('verify')
    expect((await get('/admin/audit/index', second.token)).statusCode).toBe(403)
    const replay = await post('/operator/second_factor/verify', second.token, {
      code: codeAt(secret, t.clock.now()),
    })
    expect(replay.statusCode).toBe(400)
    t.clock.advance(30_000)
    const verify = await post('/operator/second_factor/verify', second.token, {
      code: codeAt(secret, t.clock.now()),
    })
    expect(verify.statusCode).toBe(200)
    expect((await get('/admin/audit/index', second.token)).statusCode).toBe(200)
  })

  it('gives new recovery codes to a session that lost sight of them before keeping them', async () => {
    const { user, record } = await operatorSignedIn()
    const enrol = await post('/operator/second_factor/enrol', record.token)
    const { secret } = enrol.json().data as { secret: string }
    const confirm = await post('/operator/second_factor/confirm', record.token, {
      code: codeAt(secret, t.clock.now()),
    })
    const shown = confirm.json().data.recovery_codes as string[]
    const me = async (token: string) => (await get('/operator/me', token)).json().data.second_factor
    // The page was reloaded: the session asks again, and new codes replace the unseen ones.
    expect(await me(record.token)).toBe('keep_codes')
    const renewed = await post('/operator/second_factor/new_codes', record.token)
    expect(renewed.statusCode).toBe(200)
    const codes = renewed.json().data.recovery_codes as string[]
    expect(codes).toHaveLength(10)
    expect(codes).not.toContain(shown[0])
    expect((await get('/admin/audit/index', record.token)).statusCode).toBe(403)
    expect((await post('/operator/second_factor/codes_kept', record.token)).statusCode).toBe(200)
    expect((await post('/operator/second_factor/new_codes', record.token)).statusCode).toBe(403)
    // Only the new codes open a later session.
    const later = await signIn(t.app, user.email)
    expect(
      (await post('/operator/second_factor/verify', later.token, { recovery_code: shown[0] })).statusCode,
    ).toBe(400)
    expect(
      (await post('/operator/second_factor/verify', later.token, { recovery_code: codes[0] })).statusCode,
    ).toBe(200)
    expect((await get('/admin/audit/index', later.token)).statusCode).toBe(200)
  })

  it('accepts each recovery code once', async () => {
    const { user, recoveryCodes } = await operatorWithSecondFactor()
    const [code] = recoveryCodes
    const first = await signIn(t.app, user.email)
    expect(
      (await post('/operator/second_factor/verify', first.token, { recovery_code: code })).statusCode,
    ).toBe(200)
    expect((await get('/admin/audit/index', first.token)).statusCode).toBe(200)
    const second = await signIn(t.app, user.email)
    const reused = await post('/operator/second_factor/verify', second.token, { recovery_code: code })
    expect(reused.statusCode).toBe(400)
    expect(reused.json().errors[0].field).toBe('recovery_code')
    expect((await get('/admin/audit/index', second.token)).statusCode).toBe(403)
    // Another, unused code (written with upper case and spaces) still works.
    const other = (recoveryCodes[1] ?? '').toUpperCase().replace('-', ' ')
    expect(
      (await post('/operator/second_factor/verify', second.token, { recovery_code: other })).statusCode,
    ).toBe(200)
  })

  it('seals secrets with OPERATOR_TOTP_KEY when set, and still opens the seals made before it', async () => {
    const db = t.database.db
    const withoutKey = { db, config: { operatorTotpKey: undefined } }
    const withKey = { db, config: { operatorTotpKey: 'k'.repeat(32) } }
    const before = await seal(withoutKey, 'JBSWY3DPEHPK3PXP')
    expect(before).toMatch(/^v1\./)
    expect(await open(withKey, before)).toBe('JBSWY3DPEHPK3PXP')
    const after = await seal(withKey, 'JBSWY3DPEHPK3PXP')
    expect(after).toMatch(/^e1\./)
    expect(after).not.toContain('JBSWY3DPEHPK3PXP')
    expect(await open(withKey, after)).toBe('JBSWY3DPEHPK3PXP')
    await expect(open(withoutKey, after)).rejects.toThrow('OPERATOR_TOTP_KEY')
    await expect(open({ db, config: { operatorTotpKey: 'x'.repeat(32) } }, after)).rejects.toThrow()
  })

  it('limits wrong codes per session, a right one included once over', async () => {
    const limited = await buildTestApp({
      rateLimits: { secondFactorPerSession: { limit: 3, windowMs: 60_000 } },
    })
    try {
      const user = await createUser(limited.database.db, { role: 'operator', email: uniqueEmail('limited') })
      const record = await signIn(limited.app, user.email)
      const send = (code: string) =>
        limited.app.inject({
          method: 'POST',
          url: api('/operator/second_factor/confirm'),
          payload: { code },
          headers: bearer(record.token),
        })
      const enrol = await limited.app.inject({
        method: 'POST',
        url: api('/operator/second_factor/enrol'),
        headers: bearer(record.token),
      })
      const { secret } = enrol.json().data
      const right = codeAt(secret, limited.clock.now())
      const wrong = right === '123456' ? '654321' : '123456'
      for (let i = 0; i < 3; i++) expect((await send(wrong)).statusCode).toBe(400)
      const refused = await send(right)
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBeDefined()
    } finally {
      await limited.close()
    }
  })
})
