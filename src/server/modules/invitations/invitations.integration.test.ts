import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptInvitationResponse } from '../../../domain/api/auth.ts'
import { profileResponse } from '../../../domain/api/profile.ts'
import { users } from '../../db/schema.ts'
import { OpsError } from '../../platform/errors.ts'
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/build-test-app.ts'
import { linkIn, tokenIn } from '../../test-support/capturing-mailer.ts'
import { bearer, createUser } from '../../test-support/fixtures.ts'
import { post } from '../../test-support/http.ts'
import { invitedStudentValues } from '../../test-support/invitations.ts'
import type { InvitedStudent } from './repository.ts'
import { inviteStudent } from './service.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const DAY = 86_400_000
const PASSWORD = 'Student-secret-1'
const studentDetails = () => ({
  first_name: 'Julia',
  last_name: 'Jankowska',
  phone_number: '513 444 555',
  date_of_birth: '2001-01-23',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  user_rules_agreed: true,
  voice_recording_agreed: true,
  locale: 'pl',
})
const student = invitedStudentValues
const accept = (invitation_token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/students/accept_invitation', payload: { invitation_token } })
const INVALID = { error: 'Account activation link is invalid or has expired', code: 'invitation_invalid' }

async function invite(overrides: Partial<InvitedStudent> = {}): Promise<{ email: string; token: string }> {
  const s = student(overrides)
  await inviteStudent(t.ctx, s)
  return { email: s.email, token: tokenIn(t.mailer.lastTo(s.email)) }
}

describe('POST /students/accept_invitation', () => {
  it('activates the invited student and signs them in to complete the registration', async () => {
    const { email, token } = await invite({ aiAccess: true, companyName: 'Partner S.A.', locale: 'en' })
    expect(linkIn(t.mailer.lastTo(email)?.text ?? '')).toBe(`${TEST_PUBLIC_URL}/invitation?token=${token}`)
    expect(t.mailer.lastTo(email)?.subject).toBe('Your invitation to Lektorium')

    const response = await accept(token)
    expect(response.statusCode).toBe(200)
    const record = v.parse(acceptInvitationResponse, response.json()).data
    expect(record).toMatchObject({ role: 'student', email, registration_completed: false })

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/students/me',
      headers: bearer(record.token),
    })
    const profile = v.parse(profileResponse, me.json()).data
    expect(profile).toMatchObject({
      human_access: true,
      ai_access: true,
      company_name: 'Partner S.A.',
      locale: 'en',
    })
  })

  // A student who closed the tab before finishing opens the link again.
  it('accepts a link again, with a new session, until its student sets a password', async () => {
    const { email, token } = await invite()
    const first = await accept(token)
    expect(first.statusCode).toBe(200)
    const again = await accept(token)
    expect(again.statusCode).toBe(200)
    const record = v.parse(acceptInvitationResponse, again.json()).data
    expect(record).toMatchObject({ email, registration_completed: false })
    expect(record.token).not.toBe(v.parse(acceptInvitationResponse, first.json()).data.token)

    const signUp = await post(t.app, '/students/sign_up', { token: record.token, payload: studentDetails() })
    expect(signUp.statusCode).toBe(200)
    const used = await accept(token)
    expect(used.statusCode).toBe(422)
    expect(used.json()).toEqual({ ...INVALID, params: { reason: 'used' } })
  })

  it('calls a link used once its student has a password by any way (a password reset)', async () => {
    const { email, token } = await invite()
    expect((await accept(token)).statusCode).toBe(200)
    await t.database.db.update(users).set({ passwordHash: 'set-by-a-reset' }).where(eq(users.email, email))
    expect((await accept(token)).json()).toEqual({ ...INVALID, params: { reason: 'used' } })
  })

  it('rejects a link older than 7 days, saying it expired, even after an earlier opening', async () => {
    const { token } = await invite()
    expect((await accept(token)).statusCode).toBe(200)
    t.clock.advance(7 * DAY - 1000)
    expect((await accept(token)).statusCode).toBe(200)
    t.clock.advance(1000)
    expect((await accept(token)).json()).toEqual({ ...INVALID, params: { reason: 'expired' } })
  })

  it('rejects an unknown link, and a link of a student deactivated meanwhile', async () => {
    expect((await accept('no-such-token')).json()).toEqual(INVALID)
    const { email, token } = await invite()
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.email, email))
    expect((await accept(token)).json()).toEqual(INVALID)
  })

  it('rejects a missing or malformed token with 400', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/students/accept_invitation', payload: {} }))
        .statusCode,
    ).toBe(400)
    expect((await accept(42)).statusCode).toBe(400)
    expect((await accept('t'.repeat(201))).statusCode).toBe(400)
  })
})

describe('inviting a student (operator)', () => {
  it('sends a fresh link to a student who has not accepted yet; the old link stops working', async () => {
    const first = await invite()
    const second = await invite({ email: first.email, aiAccess: true })
    expect(second.token).not.toBe(first.token)
    expect((await accept(first.token)).json()).toEqual(INVALID)
    expect((await accept(second.token)).statusCode).toBe(200)
  })

  it('invites again a student who opened the link but set no password (an expired link)', async () => {
    const first = await invite()
    expect((await accept(first.token)).statusCode).toBe(200)
    t.clock.advance(7 * DAY)
    const second = await invite({ email: first.email })
    expect((await accept(second.token)).statusCode).toBe(200)
  })

  it('refuses an address that belongs to another account', async () => {
    const existing = await createUser(t.database.db, { role: 'teacher' })
    await expect(inviteStudent(t.ctx, student({ email: existing.email }))).rejects.toThrow(
      new OpsError(`${existing.email} is already in use by another account.`),
    )
    const { email, token } = await invite()
    const record = v.parse(acceptInvitationResponse, (await accept(token)).json()).data
    await post(t.app, '/students/sign_up', { token: record.token, payload: studentDetails() })
    await expect(inviteStudent(t.ctx, student({ email }))).rejects.toThrow(OpsError)
  })
})
