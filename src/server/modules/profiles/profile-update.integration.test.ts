import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileResponse } from '../../../domain/api/profile.ts'
import { teacherTaughtLanguages, users } from '../../db/schema.ts'
import { createSession } from '../../platform/sessions-repository.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser, signIn, TEST_PASSWORD } from '../../test-support/fixtures.ts'
import { get, post } from '../../test-support/http.ts'
import { VALID_DESCRIPTION } from '../../test-support/registration.ts'
import { jpegFile, mp4File, type Part, pngFile } from '../../test-support/sample-files.ts'
import { storedFiles } from '../../test-support/stored-files.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function signedIn(role: 'student' | 'teacher') {
  const user = await createUser(t.database.db, { role })
  const { token } = await signIn(t.app, user.email)
  return { user, token }
}

const updateAs = (
  role: 'student' | 'teacher',
  token: string,
  payload: unknown,
  files?: Record<string, Part>,
) => post(t.app, `/${role}s/update`, { token, payload, ...(files ? { files } : {}) })

const profileOf = (response: { json(): unknown }) => v.parse(profileResponse, response.json()).data
const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]

const address = {
  street: 'Hauptstraße',
  buildingNumber: '5',
  zip: '10115',
  city: 'Berlin',
  country: 'Niemcy',
}

describe('POST /teachers/update', () => {
  it('saves the details group with the names capitalised and the phone without spaces', async () => {
    const { token } = await signedIn('teacher')
    const response = await updateAs('teacher', token, {
      first_name: 'MICHAŁ',
      last_name: 'lewandowski',
      phone_number: '+48 606 789 012',
      date_of_birth: '1975-01-27',
    })
    expect(response.statusCode).toBe(200)
    expect(profileOf(response)).toMatchObject({
      first_name: 'Michał',
      last_name: 'Lewandowski',
      phone_number: '+48606789012',
      date_of_birth: '1975-01-27',
    })
  })

  it('saves several groups at once: description, about, social links, locale, flags', async () => {
    const { token } = await signedIn('teacher')
    const response = await updateAs('teacher', token, {
      description: `  ${VALID_DESCRIPTION}  `,
      about: 'Gotuję risotto.',
      social_links: ['https://github.com/demo', 'https://github.com/demo'],
      locale: 'en',
      not_accepting_new_students: true,
      sms_notifications_enabled: true,
      commercial_email_consent: true,
    })
    expect(response.statusCode).toBe(200)
    expect(profileOf(response)).toMatchObject({
      description: VALID_DESCRIPTION,
      about: 'Gotuję risotto.',
      social_links: ['https://github.com/demo'],
      locale: 'en',
      not_accepting_new_students: true,
      sms_notifications_enabled: true,
      commercial_email_consent: true,
    })
  })

  it('keeps no SWIFT for a Polish account and requires one for a foreign account', async () => {
    const { token } = await signedIn('teacher')
    const polish = await updateAs('teacher', token, {
      iban: 'PL61 1090 1014 0000 0712 1981 2874',
      swift: 'BPKOPLPW',
      address: { ...address, apartmentNumber: '' },
    })
    expect(polish.statusCode).toBe(200)
    expect(profileOf(polish)).toMatchObject({ iban: 'PL61109010140000071219812874', swift: null, address })
    const foreign = await updateAs('teacher', token, { iban: 'DE89370400440532013000', address })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().errors).toEqual([
      {
        field: 'swift',
        message: 'A SWIFT/BIC code is required for accounts outside Poland',
        code: 'swift_required',
      },
    ])
    const withSwift = await updateAs('teacher', token, {
      iban: 'DE89370400440532013000',
      swift: 'cobadeff xxx',
      address,
    })
    expect(profileOf(withSwift)).toMatchObject({ iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' })
  })

  // "PL00 1234" was once saved as an IBAN, and a teacher's payouts with it.
  it.each([
    ['PL00 1234', 'iban_length', 'An IBAN of this country has 28 characters'],
    [
      'PL62 1090 1014 0000 0712 1981 2874',
      'iban_checksum',
      'This IBAN has a typo: its check digits do not match',
    ],
    [
      'QQ61 1090 1014 0000 0712 1981 2874',
      'iban_country',
      'This IBAN does not start with the code of a country that uses IBANs',
    ],
  ])('refuses the IBAN %j (%s) and keeps the one saved before', async (iban, code, message) => {
    const { user, token } = await signedIn('teacher')
    const saved = await updateAs('teacher', token, { iban: 'PL61109010140000071219812874', address })
    expect(saved.statusCode).toBe(200)
    const wrong = await updateAs('teacher', token, { iban, address })
    expect(wrong.statusCode).toBe(400)
    // A foreign code also asks for SWIFT; the IBAN's own error is what matters here.
    expect(wrong.json().errors).toContainEqual(expect.objectContaining({ field: 'iban', message, code }))
    expect((await rowOf(user.id))?.iban).toBe('PL61109010140000071219812874')
  })

  it('replaces the taught and teaching languages and specializations together', async () => {
    const { user, token } = await signedIn('teacher')
    const languages = (taught: number) => ({
      taught_languages: [{ language_id: taught, level_id: 5 }],
      teaching_languages: [2],
      language_specializations: [{ specialization_id: 7, language_id: taught }],
    })
    expect((await updateAs('teacher', token, languages(1))).statusCode).toBe(200)
    const response = await updateAs('teacher', token, languages(3))
    expect(profileOf(response)).toMatchObject({
      taught_languages: [{ language_id: 3, level_id: 5 }],
      teaching_languages: [2],
      language_specializations: [{ specialization_id: 7, language_id: 3 }],
    })
    const unknown = await updateAs('teacher', token, languages(999))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors[0]).toMatchObject({
      field: 'taught_languages.0.language_id',
      code: 'invalid',
    })
    const rows = await t.database.db
      .select()
      .from(teacherTaughtLanguages)
      .where(eq(teacherTaughtLanguages.teacherId, user.id))
    expect(rows.map((r) => r.languageId)).toEqual([3])
  })

  it('replaces the picture and video from multipart parts and deletes the old files', async () => {
    const { user, token } = await signedIn('teacher')
    const first = await updateAs(
      'teacher',
      token,
      {},
      { image: { bytes: pngFile() }, video: { bytes: mp4File() } },
    )
    expect(first.statusCode).toBe(200)
    const old = await rowOf(user.id)
    expect(await t.storage.exists(old?.imageKey ?? '')).toBe(true)

    const second = await updateAs(
      'teacher',
      token,
      { about: 'Nowe zdjęcie' },
      { image: { bytes: jpegFile() } },
    )
    expect(second.statusCode).toBe(200)
    expect(profileOf(second).image_url).toMatch(/\.jpg\?/)
    const now = await rowOf(user.id)
    expect(now?.videoKey).toBe(old?.videoKey)
    expect(await t.storage.exists(old?.imageKey ?? '')).toBe(false)
    expect(await t.storage.exists(now?.imageKey ?? '')).toBe(true)
  })

  it('keeps the new file out of storage when the payload is refused', async () => {
    const { token } = await signedIn('teacher')
    const before = await storedFiles(t.filesDir)
    const response = await updateAs(
      'teacher',
      token,
      { description: 'krótko' },
      { image: { bytes: pngFile() } },
    )
    expect(response.statusCode).toBe(400)
    expect(await storedFiles(t.filesDir)).toEqual(before)
  })

  it('refuses an empty update', async () => {
    const { token } = await signedIn('teacher')
    const response = await updateAs('teacher', token, {})
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { field: '', message: 'This field is required', code: 'required' },
    ])
  })

  it('is for teachers only', async () => {
    const { token } = await signedIn('student')
    const response = await updateAs('teacher', token, { about: 'x' })
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('forbidden')
    expect((await post(t.app, '/teachers/update', { payload: { about: 'x' } })).statusCode).toBe(401)
  })
})

describe('changing the password', () => {
  it('refuses a wrong current password with 422', async () => {
    const { token } = await signedIn('student')
    const response = await updateAs('student', token, {
      currentPassword: 'not-my-password',
      password: 'brand-new-pass',
      passwordConfirmation: 'brand-new-pass',
    })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({
      error: 'The current password is incorrect',
      code: 'current_password_incorrect',
    })
  })

  it('sets the new password, keeps this session and signs out the others', async () => {
    const { user, token } = await signedIn('teacher')
    const other = await createSession(t.database.db, {
      userId: user.id,
      remember: true,
      expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    })
    const response = await updateAs('teacher', token, {
      currentPassword: TEST_PASSWORD,
      password: 'brand-new-pass',
      passwordConfirmation: 'brand-new-pass',
    })
    expect(response.statusCode).toBe(200)
    expect((await get(t.app, '/teachers/me', token)).statusCode).toBe(200)
    expect((await get(t.app, '/teachers/me', other.token)).statusCode).toBe(401)
    await signIn(t.app, user.email, { password: 'brand-new-pass' })
    const old = await post(t.app, '/users/sign_in', {
      payload: { email: user.email, password: TEST_PASSWORD },
    })
    expect(old.statusCode).toBe(422)
  })
})

describe('POST /students/update', () => {
  it('completes the onboarding with the about text at the server’s time', async () => {
    const { token } = await signedIn('student')
    const response = await updateAs('student', token, {
      about: 'Chcę rozmawiać swobodnie.',
      onboarding_completed_at: '2001-01-01T00:00:00.000Z',
    })
    expect(profileOf(response)).toMatchObject({
      about: 'Chcę rozmawiać swobodnie.',
      onboarding_completed_at: t.clock.now().toISOString(),
    })
  })

  it('replaces the learned languages; unknown ids are refused', async () => {
    const { token } = await signedIn('student')
    const response = await updateAs('student', token, { language_ids: [4, 1, 4] })
    expect(profileOf(response).languages_learned).toEqual([{ language_id: 1 }, { language_id: 4 }])
    const unknown = await updateAs('student', token, { language_ids: [1, 777] })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors).toEqual([
      { field: 'language_ids.1', message: 'Invalid value', code: 'invalid' },
    ])
  })

  it('refuses the teacher-only groups by name', async () => {
    const { token } = await signedIn('student')
    const response = await updateAs('student', token, {
      description: VALID_DESCRIPTION,
      iban: 'PL61109010140000071219812874',
    })
    expect(response.statusCode).toBe(400)
    // The strict schema names the first key the role may not send.
    expect(response.json().errors).toEqual([
      { field: 'description', message: 'Invalid value', code: 'invalid' },
    ])
    const bank = await updateAs('student', token, { iban: 'PL61109010140000071219812874', address })
    expect(bank.json().errors).toEqual([{ field: 'iban', message: 'Invalid value', code: 'invalid' }])
  })

  it('takes a picture without a video; a video part is refused', async () => {
    const { token } = await signedIn('student')
    const picture = await updateAs('student', token, {}, { image: { bytes: pngFile() } })
    expect(picture.statusCode).toBe(200)
    expect(profileOf(picture).image_url).not.toBeNull()
    const video = await updateAs('student', token, {}, { video: { bytes: mp4File() } })
    expect(video.statusCode).toBe(400)
    expect(video.json().errors).toEqual([{ field: 'video', message: 'Invalid value', code: 'invalid' }])
  })

  it('is for students only', async () => {
    const { token } = await signedIn('teacher')
    expect((await updateAs('student', token, { about: 'x' })).statusCode).toBe(403)
  })
})
