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
import { invitedStudentValues } from '../../test-support/invitations.ts'
import type { InvitedStudent } from './repository.ts'
import { inviteStudent } from './service.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const DAY = 86_400_000
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

  it('accepts a link once only', async () => {
    const { token } = await invite()
    expect((await accept(token)).statusCode).toBe(200)
    const again = await accept(token)
    expect(again.statusCode).toBe(422)
    expect(again.json()).toEqual(INVALID)
  })

  it('rejects a link older than 7 days', async () => {
    const { token } = await invite()
    t.clock.advance(7 * DAY)
    expect((await accept(token)).json()).toEqual(INVALID)
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

  it('refuses an address that belongs to another account', async () => {
    const existing = await createUser(t.database.db, { role: 'teacher' })
    await expect(inviteStudent(t.ctx, student({ email: existing.email }))).rejects.toThrow(
      new OpsError(`${existing.email} is already in use by another account.`),
    )
    const { email, token } = await invite()
    await accept(token)
    await expect(inviteStudent(t.ctx, student({ email }))).rejects.toThrow(OpsError)
  })
})
