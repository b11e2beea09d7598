import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptInvitationResponse } from '../../../domain/api/auth.ts'
import { profileResponse } from '../../../domain/api/profile.ts'
import type { StudentSignUpInput } from '../../../domain/api/registration.ts'
import { users } from '../../db/schema.ts'
import { createSession } from '../../platform/sessions-repository.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { tokenIn } from '../../test-support/capturing-mailer.ts'
import { createUser, signIn } from '../../test-support/fixtures.ts'
import { get, post } from '../../test-support/http.ts'
import { invitedStudentValues } from '../../test-support/invitations.ts'
import { htmlFile, pngFile } from '../../test-support/sample-files.ts'
import { storedFiles } from '../../test-support/stored-files.ts'
import { inviteStudent } from '../invitations/service.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const PASSWORD = 'Student-secret-1'

const details = (overrides: Partial<StudentSignUpInput> = {}): StudentSignUpInput => ({
  first_name: 'julia',
  last_name: 'JANKOWSKA',
  phone_number: '513 444 555',
  date_of_birth: '2001-01-23',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  user_rules_agreed: true,
  voice_recording_agreed: true,
  commercial_email_consent: true,
  locale: 'en',
  ...overrides,
})

/** An invited student who opened the e-mailed link: signed in, registration not completed. */
async function invitedStudent(): Promise<{ email: string; token: string; id: string }> {
  const invitation = invitedStudentValues()
  const { email } = invitation
  await inviteStudent(t.ctx, invitation)
  const accepted = await post(t.app, '/students/accept_invitation', {
    payload: { invitation_token: tokenIn(t.mailer.lastTo(email)) },
  })
  const record = v.parse(acceptInvitationResponse, accepted.json()).data
  return { email, token: record.token, id: record.id }
}

describe('POST /students/sign_up', () => {
  it('completes the registration in three steps: details with a password, picture, agreements', async () => {
    const student = await invitedStudent()
    const response = await post(t.app, '/students/sign_up', {
      token: student.token,
      payload: details(),
      files: { image: { bytes: pngFile(), filename: 'me.png' } },
    })
    expect(response.statusCode).toBe(200)
    const profile = v.parse(profileResponse, response.json()).data
    expect(profile).toMatchObject({
      registration_completed: true,
      first_name: 'Julia',
      last_name: 'Jankowska',
      phone_number: '513444555',
      date_of_birth: '2001-01-23',
      user_rules_agreed: true,
      voice_recording_agreed: true,
      commercial_email_consent: true,
      commercial_sms_consent: false,
      locale: 'en',
    })
    expect(profile.image_url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\.png\?/)
    expect((await get(t.app, profile.image_url ?? '')).statusCode).toBe(200)

    // The invitation's session goes on; the new password signs in, now with the registration done.
    expect((await get(t.app, '/students/me', student.token)).statusCode).toBe(200)
    const session = await signIn(t.app, student.email, { password: PASSWORD })
    expect(session.registration_completed).toBe(true)
  })

  it('works as JSON without a picture, and signs out the student’s other sessions', async () => {
    const student = await invitedStudent()
    const other = await createSession(t.database.db, {
      userId: student.id,
      remember: false,
      expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    })
    const response = await post(t.app, '/students/sign_up', { token: student.token, payload: details() })
    expect(response.statusCode).toBe(200)
    expect(response.json().data.image_url).toBeNull()
    expect((await get(t.app, '/students/me', other.token)).statusCode).toBe(401)
    expect((await get(t.app, '/students/me', student.token)).statusCode).toBe(200)
  })

  it('refuses a second completion with 409, before receiving any file', async () => {
    const student = await invitedStudent()
    expect(
      (await post(t.app, '/students/sign_up', { token: student.token, payload: details() })).statusCode,
    ).toBe(200)
    const before = await storedFiles(t.filesDir)
    const again = await post(t.app, '/students/sign_up', {
      token: student.token,
      payload: details(),
      files: { image: { bytes: pngFile() } },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      error: 'The registration is already completed',
      code: 'registration_already_completed',
    })
    expect(await storedFiles(t.filesDir)).toEqual(before)
  })

  it('requires the voice-recording agreement and matching passwords', async () => {
    const student = await invitedStudent()
    const response = await post(t.app, '/students/sign_up', {
      token: student.token,
      payload: { ...details(), voice_recording_agreed: false },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { field: 'voice_recording_agreed', message: 'This agreement is required', code: 'agreement_required' },
    ])
    const mismatch = await post(t.app, '/students/sign_up', {
      token: student.token,
      payload: { ...details(), password_confirmation: 'something-else' },
    })
    expect(mismatch.json().errors).toEqual([
      { field: 'password_confirmation', message: 'Passwords do not match', code: 'password_mismatch' },
    ])
    const [row] = await t.database.db.select().from(users).where(eq(users.id, student.id))
    expect(row?.registrationCompleted).toBe(false)
  })

  it('refuses a picture that is not one, keeping nothing', async () => {
    const student = await invitedStudent()
    const before = await storedFiles(t.filesDir)
    const response = await post(t.app, '/students/sign_up', {
      token: student.token,
      payload: details(),
      files: { image: { bytes: htmlFile(), filename: 'me.png', type: 'image/png' } },
    })
    expect(response.statusCode).toBe(415)
    expect(await storedFiles(t.filesDir)).toEqual(before)
  })

  it('is for students only and needs a session', async () => {
    const teacher = await createUser(t.database.db, { role: 'teacher', registrationCompleted: false })
    const { token } = await signIn(t.app, teacher.email)
    expect((await post(t.app, '/students/sign_up', { token, payload: details() })).statusCode).toBe(403)
    expect((await post(t.app, '/students/sign_up', { payload: details() })).statusCode).toBe(401)
  })
})
