import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileResponse } from '../../../domain/api/profile.ts'
import { checkVoiceSample } from '../../../domain/voice-sample.ts'
import { users } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser, signIn } from '../../test-support/fixtures.ts'
import { get, post } from '../../test-support/http.ts'
import { getWith, lessonParties, parseScheduled } from '../../test-support/my-lessons.ts'
import { type Part, padded, pngFile, wavFile } from '../../test-support/sample-files.ts'
import { storedFiles } from '../../test-support/stored-files.ts'

// docs/lesson-room-protocol.md §5: POST /students/update with the file `voice_sample`.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const voicePart = (bytes: Buffer): Record<string, Part> => ({
  voice_sample: { bytes, filename: 'voice-confirmation.wav', type: 'audio/wav' },
})
const upload = (token: string, bytes: Buffer) =>
  post(t.app, '/students/update', { token, payload: {}, files: voicePart(bytes) })
const keyOf = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.voiceSampleKey ?? null
const voiceProvided = async (token: string) =>
  parseScheduled((await getWith(t, token, '/lessons/list_scheduled')).json()).voice_sample_provided
const filesNow = () => storedFiles(t.filesDir)

describe('POST /students/update with voice_sample', () => {
  it('stores a 10 s WAV as the voice sample, serves it back and list_scheduled follows', async () => {
    const { student } = await lessonParties(t)
    expect(await voiceProvided(student.token)).toBe(false)
    const sample = wavFile()
    const response = await upload(student.token, sample)
    expect(response.statusCode).toBe(200)
    const url = v.parse(profileResponse, response.json()).data.voice_sample_url
    expect(url).toMatch(/\.wav\?/)
    expect(await voiceProvided(student.token)).toBe(true)
    const served = await get(t.app, url ?? '')
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('audio/wav')
    expect(served.rawPayload.equals(sample)).toBe(true)
    expect(checkVoiceSample(served.rawPayload)).toEqual({ ok: true, seconds: 10 })
  })

  it('replaces the previous sample and deletes its file', async () => {
    const user = await createUser(t.database.db)
    const { token } = await signIn(t.app, user.email)
    expect((await upload(token, wavFile({ seconds: 9.6 }))).statusCode).toBe(200)
    const first = await keyOf(user.id)
    expect((await upload(token, wavFile({ seconds: 10.4 }))).statusCode).toBe(200)
    const second = await keyOf(user.id)
    expect(second).not.toBe(first)
    expect(await t.storage.exists(first ?? '')).toBe(false)
    expect(await t.storage.exists(second ?? '')).toBe(true)
  })

  it.each([
    ['5 s', wavFile({ seconds: 5 })],
    ['11 s', wavFile({ seconds: 11 })],
    ['mono', wavFile({ channels: 1, seconds: 20 })],
    ['48 kHz', wavFile({ rate: 48_000 })],
    ['8 bit', wavFile({ bits: 8, seconds: 20 })],
    ['IEEE float', wavFile({ format: 3, bits: 32, seconds: 5 })],
    ['cut short', wavFile().subarray(0, 1_000_000)],
    ['a PNG named voice-confirmation.wav', pngFile()],
    ['far too large', padded(wavFile(), 8 * 1024 * 1024)],
  ])('refuses %s with a 422 field error and saves nothing', async (_name, bytes) => {
    const user = await createUser(t.database.db)
    const { token } = await signIn(t.app, user.email)
    expect((await upload(token, wavFile())).statusCode).toBe(200)
    const kept = await keyOf(user.id)
    const before = await filesNow()
    const response = await upload(token, bytes)
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'voice_sample', code: 'voice_sample_format' }],
    })
    expect(await keyOf(user.id)).toBe(kept)
    expect(await filesNow()).toEqual(before)
  })

  it('is the student update only: a teacher cannot send a voice sample', async () => {
    const teacher = await createUser(t.database.db, { role: 'teacher' })
    const { token } = await signIn(t.app, teacher.email)
    const before = await filesNow()
    const response = await post(t.app, '/teachers/update', {
      token,
      payload: {},
      files: voicePart(wavFile()),
    })
    expect(response.statusCode).toBe(400)
    expect(await keyOf(teacher.id)).toBeNull()
    expect(await filesNow()).toEqual(before)
  })
})
