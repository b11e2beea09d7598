import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/build-test-app.ts'
import { linkIn, tokenIn } from '../../test-support/capturing-mailer.ts'
import { bearer, createUser, signIn, uniqueEmail } from '../../test-support/fixtures.ts'
import { CLI_ACTOR } from '../admin/audit-repository.ts'
import { createOperator } from '../admin/operators.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
// Each test starts well past the previous one's 2-minute waits and 1-hour links.
beforeEach(() => t.clock.advance(24 * 3_600_000))

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/users/${url}`, payload })
const requestReset = (email: string) => post('reset_password', { email })
const NEW_PASSWORD = 'a-brand-new-secret'

async function resetTokenFor(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(200)
  await t.app.deps.mail.idle()
  return tokenIn(t.mailer.lastTo(email))
}

describe('POST /users/reset_password', () => {
  it("mails a link to the reset form, in the recipient's locale", async () => {
    const pl = await createUser(t.database.db, { locale: 'pl' })
    const en = await createUser(t.database.db, { locale: 'en' })
    await resetTokenFor(pl.email)
    await resetTokenFor(en.email)
    const plMail = t.mailer.lastTo(pl.email)
    const enMail = t.mailer.lastTo(en.email)
    expect(linkIn(plMail?.text ?? '')).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/password-reset/new\\?token=[A-Za-z0-9_-]{43}$`),
    )
    expect(plMail?.subject).toBe('Lektorium: zmiana hasła')
    expect(enMail?.subject).toBe('Lektorium: password reset')
    expect(enMail?.html).toContain(linkIn(enMail?.text ?? '').replace(/&/g, '&#38;'))
  })

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const known = await createUser(t.database.db)
    const sent = t.mailer.messages.length
    const unknownAnswer = await requestReset('nobody.here@example.com')
    const knownAnswer = await requestReset(known.email)
    expect(unknownAnswer.statusCode).toBe(200)
    expect(unknownAnswer.json()).toEqual(knownAnswer.json())
    await t.app.deps.mail.idle()
    expect(t.mailer.messages.slice(sent).map((m) => m.to)).toEqual([known.email])
  })

  it('makes a repeat within 2 minutes wait, for known and unknown addresses alike', async () => {
    const user = await createUser(t.database.db)
    for (const email of [user.email, 'ghost@example.com']) {
      expect((await requestReset(email)).statusCode).toBe(200)
      t.clock.advance(119_000)
      const early = await requestReset(email.toUpperCase())
      expect(early.statusCode).toBe(429)
      expect(early.headers['retry-after']).toBe('1')
      expect(early.json()).toEqual({
        error: 'Wait 2 minutes before repeating the password reset process',
        code: 'reset_retry_wait',
      })
      t.clock.advance(2_000)
      expect((await requestReset(email)).statusCode).toBe(200)
    }
  })

  it('rejects a missing or invalid e-mail with 400', async () => {
    for (const payload of [{}, { email: 'nope' }, { email: ['a@b.pl'] }]) {
      const response = await post('reset_password', payload)
      expect(response.statusCode).toBe(400)
      expect(response.json().errors[0].field).toBe('email')
    }
  })
})

describe('POST /users/validate_reset_token', () => {
  it('accepts a live token and rejects an unknown or expired one', async () => {
    const user = await createUser(t.database.db)
    const token = await resetTokenFor(user.email)
    const valid = await post('validate_reset_token', { reset_token: token })
    expect(valid.statusCode).toBe(200)
    expect(valid.json()).toEqual({ data: { valid: true, email: user.email, purpose: 'new_password' } })

    const invalid = { error: 'The password reset link is invalid or expired', code: 'reset_token_invalid' }
    const unknown = await post('validate_reset_token', { reset_token: 'made-up' })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json()).toEqual(invalid)
    t.clock.advance(3_600_000)
    expect((await post('validate_reset_token', { reset_token: token })).json()).toEqual(invalid)
  })

  // The operator's link used to open a page titled "Ustaw nowe hasło" for a password never set.
  it('names what the link sets: an operator’s first console password, an account’s first one', async () => {
    const email = uniqueEmail('operator')
    await createOperator(t.ctx, { email, locale: 'pl' }, CLI_ACTOR)
    const answer = await post('validate_reset_token', { reset_token: tokenIn(t.mailer.lastTo(email)) })
    expect(answer.json()).toEqual({ data: { valid: true, email, purpose: 'console_password' } })
    const invited = await createUser(t.database.db, { passwordHash: null })
    const token = await resetTokenFor(invited.email)
    expect((await post('validate_reset_token', { reset_token: token })).json().data.purpose).toBe(
      'first_password',
    )
  })

  it('rejects a missing or oversized token with 400', async () => {
    expect((await post('validate_reset_token', {})).statusCode).toBe(400)
    expect((await post('validate_reset_token', { reset_token: 'x'.repeat(201) })).statusCode).toBe(400)
  })
})

describe('POST /users/update_password', () => {
  const update = (reset_token: string, password = NEW_PASSWORD, password_confirmation = password) =>
    post('update_password', { reset_token, password, password_confirmation })

  it('sets the new password and signs the user out everywhere', async () => {
    const user = await createUser(t.database.db)
    const session = await signIn(t.app, user.email)
    const token = await resetTokenFor(user.email)
    const response = await update(token)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { ok: true } })

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/students/me',
      headers: bearer(session.token),
    })
    expect(me.statusCode).toBe(401)
    const oldPassword = await post('sign_in', { email: user.email, password: 'correct-horse-42' })
    expect(oldPassword.json().code).toBe('wrong_credentials')
    await signIn(t.app, user.email, { password: NEW_PASSWORD })
  })

  it('accepts a token once only', async () => {
    const user = await createUser(t.database.db)
    const token = await resetTokenFor(user.email)
    expect((await update(token)).statusCode).toBe(200)
    const again = await update(token, 'yet-another-secret')
    expect(again.statusCode).toBe(422)
    expect(again.json()).toEqual({
      error: 'The password reset link is invalid or expired',
      code: 'reset_token_invalid',
    })
    expect((await post('validate_reset_token', { reset_token: token })).statusCode).toBe(422)
  })

  it('rejects a token after its hour', async () => {
    const user = await createUser(t.database.db)
    const token = await resetTokenFor(user.email)
    t.clock.advance(3_600_000)
    expect((await update(token)).json().code).toBe('reset_token_invalid')
  })

  it('invalidates the previous link when a new one is requested', async () => {
    const user = await createUser(t.database.db)
    const first = await resetTokenFor(user.email)
    t.clock.advance(121_000)
    const second = await resetTokenFor(user.email)
    expect((await update(first)).json().code).toBe('reset_token_invalid')
    expect((await update(second)).statusCode).toBe(200)
  })

  it('rejects a short password and a wrong confirmation with field messages, keeping the token', async () => {
    const user = await createUser(t.database.db)
    const token = await resetTokenFor(user.email)
    const short = await update(token, 'short')
    expect(short.statusCode).toBe(400)
    expect(short.json().errors).toEqual([
      { field: 'password', message: 'At least 8 characters', code: 'too_short', param: '8' },
    ])
    const mismatch = await update(token, NEW_PASSWORD, 'something-else')
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json().errors).toEqual([
      { field: 'password_confirmation', message: 'Passwords do not match', code: 'password_mismatch' },
    ])
    const missing = await post('update_password', { reset_token: token })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'password',
      'password_confirmation',
    ])
    expect((await update(token)).statusCode).toBe(200)
  })
})
