import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileResponse } from '../../../domain/api/profile.ts'
import { VIDEO_MAX_BYTES } from '../../../domain/constants.ts'
import { runOpsCommand } from '../../cli/commands.ts'
import {
  teacherSpecializations,
  teacherTaughtLanguages,
  teacherTeachingLanguages,
  users,
} from '../../db/schema.ts'
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser, signIn } from '../../test-support/fixtures.ts'
import { get, post } from '../../test-support/http.ts'
import { TEACHER_PASSWORD, teacherSignUpPayload } from '../../test-support/registration.ts'
import {
  htmlFile,
  jpegFile,
  mp4File,
  type Part,
  pngFile,
  streamedMultipart,
} from '../../test-support/sample-files.ts'
import { storedFiles } from '../../test-support/stored-files.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const files = {
  image: { bytes: pngFile(), filename: 'me.png' },
  video: { bytes: mp4File(), filename: 'me.mp4' },
}
const signUp = (payload: unknown, parts: Record<string, Part> = files) =>
  post(t.app, '/teachers/sign_up', { payload, files: parts })

const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0]

describe('POST /teachers/sign_up', () => {
  it('creates a teacher awaiting verification, with normalised fields, languages and both files', async () => {
    const before = await storedFiles(t.filesDir)
    const payload = teacherSignUpPayload()
    const response = await signUp(payload)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ data: { ok: true } })

    const teacher = await userByEmail(payload.email)
    expect(teacher).toMatchObject({
      role: 'teacher',
      status: 'pending_verification',
      registrationCompleted: true,
      firstName: 'Anna',
      lastName: 'Kowalska-Nowak',
      phoneNumber: '+48601234567',
      dateOfBirth: '1990-05-17',
      iban: 'PL61109010140000071219812874',
      swift: null,
      address: {
        street: 'ul. Długa',
        buildingNumber: '12',
        apartmentNumber: '4',
        zip: '31-147',
        city: 'Kraków',
        country: 'Polska',
      },
      socialLinks: ['https://www.linkedin.com/in/anna-demo'],
      userRulesAgreed: true,
      teacherRulesAgreed: true,
      commercialSmsConsent: false,
      commercialEmailConsent: true,
    })
    expect(teacher?.imageKey).toMatch(/^[0-9a-f-]{36}\.png$/)
    expect(teacher?.videoKey).toMatch(/^[0-9a-f-]{36}\.mp4$/)
    const after = await storedFiles(t.filesDir)
    expect(after.files).toEqual([...before.files, teacher?.imageKey, teacher?.videoKey].sort())
    expect(after.temporary).toEqual([])

    const id = teacher?.id ?? ''
    const db = t.database.db
    expect(
      await db.select().from(teacherTaughtLanguages).where(eq(teacherTaughtLanguages.teacherId, id)),
    ).toHaveLength(1)
    expect(
      await db.select().from(teacherTeachingLanguages).where(eq(teacherTeachingLanguages.teacherId, id)),
    ).toHaveLength(1)
    expect(
      await db.select().from(teacherSpecializations).where(eq(teacherSpecializations.teacherId, id)),
    ).toHaveLength(2)
  })

  it('refuses sign-in until an operator verifies the teacher, then shows the files by signed URL', async () => {
    const payload = teacherSignUpPayload()
    expect((await signUp(payload)).statusCode).toBe(201)
    const refused = await post(t.app, '/users/sign_in', {
      payload: { email: payload.email, password: TEACHER_PASSWORD },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('awaiting_verification')

    await runOpsCommand(t.ctx, { command: 'verify-teacher', email: payload.email })
    const session = await signIn(t.app, payload.email, { password: TEACHER_PASSWORD })
    expect(session.registration_completed).toBe(true)
    const profile = v.parse(profileResponse, (await get(t.app, '/teachers/me', session.token)).json()).data
    expect(profile.image_url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\.png\?expires=\d+&sig=/)
    const image = await get(t.app, profile.image_url ?? '')
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.rawPayload.equals(pngFile())).toBe(true)
    const video = await get(t.app, profile.video_url ?? '')
    expect(video.headers['content-type']).toBe('video/mp4')
  })

  // The registration promises an e-mail; it was once never sent.
  it('acknowledges the sign-up by e-mail and announces the verification, each in the teacher’s locale', async () => {
    for (const locale of ['pl', 'en'] as const) {
      const payload = { ...teacherSignUpPayload(), locale }
      expect((await signUp(payload)).statusCode).toBe(201)
      await t.app.deps.mail.idle()
      const acknowledged = t.mailer.lastTo(payload.email)
      expect(acknowledged?.subject).toBe(
        locale === 'pl'
          ? 'Lektorium: otrzymaliśmy Twoje zgłoszenie'
          : 'Lektorium: we have received your registration',
      )
      expect(acknowledged?.text).toContain(`${TEST_PUBLIC_URL}/login/teacher`)

      const said = await runOpsCommand(t.ctx, { command: 'verify-teacher', email: payload.email })
      expect(said).toBe(
        `Verified teacher ${payload.email}: they can sign in now; the e-mail telling them so was sent.`,
      )
      const verified = t.mailer.lastTo(payload.email)
      expect(verified?.subject).toBe(
        locale === 'pl'
          ? 'Lektorium: Twoje konto lektora jest aktywne'
          : 'Lektorium: your teacher account is active',
      )
      expect(verified?.text).toContain(`${TEST_PUBLIC_URL}/login/teacher`)
      // Verifying again sends nothing more.
      await runOpsCommand(t.ctx, { command: 'verify-teacher', email: payload.email })
      expect(t.mailer.messages.filter((m) => m.to === payload.email)).toHaveLength(2)
    }
  })

  it('accepts a JPEG picture', async () => {
    const response = await signUp(teacherSignUpPayload(), {
      ...files,
      image: { bytes: jpegFile(), filename: 'me.jpeg' },
    })
    expect(response.statusCode).toBe(201)
  })

  it('answers 409 for an address in use, whatever its case, and keeps no file', async () => {
    const existing = await createUser(t.database.db)
    const before = await storedFiles(t.filesDir)
    const response = await signUp(teacherSignUpPayload({ email: existing.email.toUpperCase() }))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ error: 'This email is already in use', code: 'email_taken' })
    expect(await storedFiles(t.filesDir)).toEqual(before)
  })

  it('lets only one of two simultaneous sign-ups with the same address through', async () => {
    const payload = teacherSignUpPayload()
    const before = await storedFiles(t.filesDir)
    const answers = await Promise.all([signUp(payload), signUp(payload)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
    // The loser's files are gone: exactly the winner's two are new.
    expect((await storedFiles(t.filesDir)).files).toHaveLength(before.files.length + 2)
  })

  it('names every missing file and every payload problem in one answer', async () => {
    const before = await storedFiles(t.filesDir)
    const response = await signUp({ ...teacherSignUpPayload(), description: 'Za krótki opis' }, {})
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { field: 'description', message: 'At least 60 characters', code: 'too_short', param: '60' },
      { field: 'image', message: 'Add a file', code: 'file_required' },
      { field: 'video', message: 'Add a file', code: 'file_required' },
    ])
    expect(await storedFiles(t.filesDir)).toEqual(before)
  })

  it('judges a file by its content: an HTML page named .png is refused with 415', async () => {
    const before = await storedFiles(t.filesDir)
    const response = await signUp(teacherSignUpPayload(), {
      ...files,
      image: { bytes: htmlFile(), filename: 'avatar.png', type: 'image/png' },
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({
      error: 'Unsupported file type',
      code: 'unsupported_media_type',
      errors: [
        { field: 'image', message: 'Allowed file types: JPG, PNG', code: 'file_type', param: 'JPG, PNG' },
      ],
    })
    expect(await storedFiles(t.filesDir)).toEqual(before)
  })

  it('refuses a picture as the video', async () => {
    const response = await signUp(teacherSignUpPayload(), {
      ...files,
      video: { bytes: pngFile(), filename: 'v.mp4' },
    })
    expect(response.statusCode).toBe(415)
    expect(response.json().errors[0]).toMatchObject({ field: 'video', code: 'file_type', param: 'MP4' })
  })

  it('accepts a video of exactly 100 MB (104 857 600 bytes)', async () => {
    const payload = teacherSignUpPayload()
    const body = streamedMultipart(
      payload,
      { name: 'video', head: mp4File(64), size: VIDEO_MAX_BYTES },
      { image: pngFile() },
    )
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/teachers/sign_up', ...body })
    expect(response.statusCode).toBe(201)
    const teacher = await userByEmail(payload.email)
    expect(await t.storage.stat(teacher?.videoKey ?? '')).toEqual({ size: VIDEO_MAX_BYTES })
    await t.storage.delete(teacher?.videoKey ?? '')
  })

  it('refuses a video of 100 MB + 1 byte with 413 while streaming, keeping nothing', async () => {
    const before = await storedFiles(t.filesDir)
    const started = performance.now()
    const body = streamedMultipart(teacherSignUpPayload(), {
      name: 'video',
      head: mp4File(64),
      size: VIDEO_MAX_BYTES + 1,
    })
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/teachers/sign_up', ...body })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      error: 'The file is too large',
      code: 'payload_too_large',
      errors: [
        { field: 'video', message: 'The file may be at most 100 MB', code: 'file_too_large', param: '100' },
      ],
    })
    expect(response.headers.connection).toBe('close')
    expect(await storedFiles(t.filesDir)).toEqual(before)
    expect(performance.now() - started).toBeLessThan(10_000)
  })

  it('refuses language, level and specialization ids missing from the dictionaries', async () => {
    const before = await storedFiles(t.filesDir)
    const response = await signUp(
      teacherSignUpPayload({
        taught_languages: [{ language_id: 999, level_id: 99 }],
        teaching_languages: [998],
        language_specializations: [{ specialization_id: 97, language_id: 999 }],
      }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
      ['taught_languages.0.language_id', 'invalid'],
      ['taught_languages.0.level_id', 'invalid'],
      ['teaching_languages.0', 'invalid'],
      ['language_specializations.0.specialization_id', 'invalid'],
    ])
    expect(await storedFiles(t.filesDir)).toEqual(before)
  })

  it('refuses unknown and repeated parts, keeping nothing', async () => {
    const before = await storedFiles(t.filesDir)
    const extra = await signUp(teacherSignUpPayload(), { ...files, voice: { bytes: pngFile() } })
    expect(extra.statusCode).toBe(400)
    expect(extra.json().errors).toEqual([{ field: 'voice', message: 'Invalid value', code: 'invalid' }])

    const form = new FormData()
    form.append('payload', JSON.stringify(teacherSignUpPayload()))
    form.append('image', new Blob([pngFile()]), 'a.png')
    form.append('image', new Blob([pngFile()]), 'b.png')
    const twice = new Response(form)
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teachers/sign_up',
      payload: Buffer.from(await twice.arrayBuffer()),
      headers: { 'content-type': twice.headers.get('content-type') ?? '' },
    })
    expect(repeated.statusCode).toBe(400)
    expect(repeated.json().errors).toEqual([{ field: 'image', message: 'Invalid value', code: 'invalid' }])
    expect(await storedFiles(t.filesDir)).toEqual(before)
  })

  it('answers 400 to a body that is not the multipart it claims to be, keeping nothing', async () => {
    const before = await storedFiles(t.filesDir)
    const cut = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n'),
      pngFile(200),
    ])
    const bodies: [string, string | Buffer][] = [
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=b', 'garbage'],
      ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{}'],
      ['multipart/form-data; boundary=b', cut],
    ]
    for (const [contentType, payload] of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/teachers/sign_up',
        payload,
        headers: { 'content-type': contentType },
      })
      expect(response.statusCode, String(payload)).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed' })
    }
    expect(await storedFiles(t.filesDir)).toEqual(before)
  })

  it('refuses a payload that is not JSON, or longer than 256 KB', async () => {
    const raw = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/teachers/sign_up',
        payload: `--b\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${payload}\r\n--b--\r\n`,
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      })
    const notJson = await raw('{oops')
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json().errors).toEqual([{ field: 'payload', message: 'Invalid value', code: 'invalid' }])
    const huge = await raw(JSON.stringify({ about: 'x'.repeat(300_000) }))
    expect(huge.statusCode).toBe(413)
    expect(huge.json().errors).toEqual([
      { field: 'payload', message: 'At most 262144 characters', code: 'too_long', param: '262144' },
    ])
  })
})
