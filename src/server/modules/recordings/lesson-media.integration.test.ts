import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { lessonResponse } from '../../../domain/api/my-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer } from '../../test-support/fixtures.ts'
import { get } from '../../test-support/http.ts'
import { addLessonAt, lessonParties, refusal } from '../../test-support/my-lessons.ts'
import { listening, roomTokenFor } from '../../test-support/room.ts'
import { connectRoom } from '../../test-support/room-client.ts'
import { exeFile, jpegFile, pngFile } from '../../test-support/sample-files.ts'
import { storedFiles } from '../../test-support/stored-files.ts'
import { webmChunks } from '../../test-support/webm.ts'

// What the lesson room keeps besides the recording — lesson_images/create (either party's capture,
// among the lesson's materials) and lesson_voice_recordings/create (the student's voice clips) —
// made in the room's window, read only by the lesson's parties.

let t: TestApp
let base: string
beforeAll(async () => {
  t = await buildTestApp()
  base = await listening(t)
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

async function roomNow() {
  const pair = await lessonParties(t)
  const lesson = await addLessonAt(t, pair, 0)
  return { ...pair, lesson }
}

/** Sends the multipart {lesson_id, file} (and `fields`, a voice clip's duration_ms) to `url`. */
async function sendMedia(
  url: string,
  token: string,
  lessonId: string,
  file: { bytes: Buffer; name: string; type: string },
  fields: Record<string, string> = url.includes('voice') ? { duration_ms: '3000' } : {},
) {
  const form = new FormData()
  form.append('lesson_id', lessonId)
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name)
  const body = new Response(form)
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type') ?? '', ...bearer(token) },
  })
}
const lessonOf = (response: { json(): unknown }) => v.parse(lessonResponse, response.json()).data
const show = async (token: string, lessonId: string) =>
  lessonOf(await get(t.app, `/lessons/show?lesson_id=${lessonId}`, token))

describe('screen captures (lesson_images/create)', () => {
  it("are either party's, kept among the lesson's materials for both, deleted only by their owner's role", async () => {
    const room = await roomNow()
    const png = { bytes: pngFile(), name: 'Zrzut ekranu 09.01.png', type: 'image/png' }
    const byTeacher = await sendMedia('/lesson_images/create', room.teacher.token, room.lesson.id, png)
    expect(byTeacher.statusCode).toBe(201)
    // A moment later: materials are listed in the order they came.
    t.clock.advance(1000)
    const jpeg = { bytes: jpegFile(), name: 'Screen capture.jpg', type: 'image/jpeg' }
    expect(
      (await sendMedia('/lesson_images/create', room.student.token, room.lesson.id, jpeg)).statusCode,
    ).toBe(201)
    const files = (await show(room.student.token, room.lesson.id)).lesson_files
    expect(files.map((file) => [file.filename, file.type, file.content_type])).toEqual([
      ['Zrzut ekranu 09.01.png', 'teacher', 'png'],
      ['Screen capture.jpg', 'student', 'jpeg'],
    ])
    const teachers = files[0]
    const removal = await get(
      t.app,
      `/lessons/remove_file?lesson_id=${room.lesson.id}&file_id=${teachers?.id}`,
      room.student.token,
    )
    expect(refusal(removal)).toMatchObject({ status: 403 })
  })

  it('are refused to strangers, outside the room window, and for what is no picture', async () => {
    const room = await roomNow()
    const stranger = await lessonParties(t)
    const png = { bytes: pngFile(), name: 'a.png', type: 'image/png' }
    expect(
      (await sendMedia('/lesson_images/create', stranger.teacher.token, room.lesson.id, png)).statusCode,
    ).toBe(404)
    const exe = { bytes: exeFile(), name: 'a.png', type: 'image/png' }
    expect(
      (await sendMedia('/lesson_images/create', room.teacher.token, room.lesson.id, exe)).statusCode,
    ).toBe(415)
    const later = await addLessonAt(t, room, 120)
    expect(
      refusal(await sendMedia('/lesson_images/create', room.teacher.token, later.id, png)),
    ).toMatchObject({
      code: 'join_window_not_open',
    })
    expect((await show(room.teacher.token, room.lesson.id)).lesson_files).toEqual([])
  })
})

describe("the student's voice clips (lesson_voice_recordings/create)", () => {
  const clip = () => ({
    bytes: Buffer.concat([...webmChunks({ seconds: 3, chunkBytes: 1_000_000 })]),
    name: 'voice.webm',
    type: 'audio/webm',
  })

  it('are kept with the lesson for both parties to replay, and only the parties get them', async () => {
    const room = await roomNow()
    const sent = await sendMedia(
      '/lesson_voice_recordings/create',
      room.student.token,
      room.lesson.id,
      clip(),
    )
    expect(sent.statusCode).toBe(201)
    const [forTeacher] = (await show(room.teacher.token, room.lesson.id)).voice_recordings
    expect(forTeacher?.url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]+\.webm\?/)
    const played = await t.app.inject({ method: 'GET', url: forTeacher?.url ?? '' })
    expect(played.statusCode).toBe(200)
    expect(played.rawPayload.equals(clip().bytes)).toBe(true)
    const stranger = await lessonParties(t)
    expect(
      (await get(t.app, `/lessons/show?lesson_id=${room.lesson.id}`, stranger.student.token)).statusCode,
    ).toBe(404)
  })

  it("keep their length as recorded, and both parties' rooms hear of a new one at once", async () => {
    const room = await roomNow()
    const teacher = connectRoom(base, (await roomTokenFor(t, room.teacher.token, room.lesson.id)).token, {
      session: room.teacher.token,
    })
    const student = connectRoom(base, (await roomTokenFor(t, room.student.token, room.lesson.id)).token, {
      session: room.student.token,
    })
    await Promise.all([teacher.next('welcome'), student.next('welcome')])
    const sent = await sendMedia(
      '/lesson_voice_recordings/create',
      room.student.token,
      room.lesson.id,
      clip(),
      {
        duration_ms: '3250',
      },
    )
    expect(sent.statusCode).toBe(201)
    const [kept] = (await show(room.teacher.token, room.lesson.id)).voice_recordings
    expect(kept).toMatchObject({ duration_ms: 3250, created_at: '2026-03-10T09:00:00.000Z' })
    for (const party of [teacher, student]) {
      expect(await party.next('voice-clip')).toEqual({
        type: 'voice-clip',
        clip_id: kept?.id,
        created_at: '2026-03-10T09:00:00.000Z',
        duration_ms: 3250,
      })
    }
    teacher.close()
    student.close()
  })

  it('refuse a missing or impossible length, and keep nothing of such a clip', async () => {
    const room = await roomNow()
    const before = await storedFiles(t.filesDir)
    for (const duration_ms of ['0', '-5', '1.5', String(182_000), 'abc']) {
      const answer = await sendMedia(
        '/lesson_voice_recordings/create',
        room.student.token,
        room.lesson.id,
        clip(),
        {
          duration_ms,
        },
      )
      expect(refusal(answer), duration_ms).toMatchObject({ status: 400, code: 'validation_failed' })
    }
    const missing = await sendMedia(
      '/lesson_voice_recordings/create',
      room.student.token,
      room.lesson.id,
      clip(),
      {},
    )
    expect(refusal(missing)).toMatchObject({ status: 400, code: 'validation_failed' })
    expect((await show(room.student.token, room.lesson.id)).voice_recordings).toEqual([])
    expect(await storedFiles(t.filesDir)).toEqual(before)
  })

  it("are the student's, made in the room, and only sound", async () => {
    const room = await roomNow()
    expect(
      refusal(await sendMedia('/lesson_voice_recordings/create', room.teacher.token, room.lesson.id, clip())),
    ).toMatchObject({ status: 403 })
    const png = { bytes: pngFile(), name: 'a.webm', type: 'audio/webm' }
    expect(
      (await sendMedia('/lesson_voice_recordings/create', room.student.token, room.lesson.id, png))
        .statusCode,
    ).toBe(415)
    t.clock.advance(61 * 60_000)
    expect(
      refusal(await sendMedia('/lesson_voice_recordings/create', room.student.token, room.lesson.id, clip())),
    ).toMatchObject({ code: 'join_window_closed' })
    expect((await show(room.student.token, room.lesson.id)).voice_recordings).toEqual([])
  })
})
