import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Archive, archiveListResponse, archiveResponse } from '../../../domain/api/recordings.ts'
import { sessions } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { get, post } from '../../test-support/http.ts'
import { addLessonAt, getWith, lessonParties, parseLesson, refusal } from '../../test-support/my-lessons.ts'
import { anyRoomTokenFor, generateToken } from '../../test-support/room.ts'
import { storyNow } from '../../test-support/story-clock.ts'
import { claimsOf, signedByApp, startVideoStub, type VideoStub } from '../../test-support/video-providers.ts'
import { markLearncube, setVideoProvider } from './provider-ops.ts'

// Vonage video and LearnCube's classroom, chosen per lesson behind lessons/generate_token.
// Vonage and LearnCube are outside services: their REST APIs are stood in at their boundary by
// test-support/video-providers.ts (an HTTP server on 127.0.0.1); the app's own code, Vonage's
// official server library (@vonage/video) and the database are real.

let stub: VideoStub
let t: TestApp
beforeAll(async () => {
  stub = await startVideoStub()
  t = await buildTestApp({ config: { video: stub.video } })
})
afterAll(async () => {
  await t.close()
  await stub.close()
})
beforeEach(() => {
  t.clock.set('2026-03-10T09:00:00Z')
  stub.failing = false
  stub.delayMs = 0
  stub.streams = []
  stub.archiveStatus = 'stopped'
})

type Room = Awaited<ReturnType<typeof lessonParties>> & { lesson: { id: string } }

async function roomNow(values: Parameters<typeof lessonParties>[1] = {}): Promise<Room> {
  const pair = await lessonParties(t, {
    ...values,
    student: { voiceRecordingAgreed: true, ...values.student },
  })
  return { ...pair, lesson: await addLessonAt(t, pair, 0) }
}

const sessionCreates = () => stub.of('POST', '/vonage/session/create').length

describe('Vonage: lessons/generate_token', () => {
  it('makes one routed session per lesson however many times, and at once, the parties ask', async () => {
    const room = await roomNow()
    const before = sessionCreates()
    stub.delayMs = 150
    const answers = await Promise.all(
      [room.teacher, room.student, room.teacher, room.student, room.student, room.teacher].map((party) =>
        anyRoomTokenFor(t, party.token, room.lesson.id),
      ),
    )
    stub.delayMs = 0
    const again = await anyRoomTokenFor(t, room.student.token, room.lesson.id)
    expect(sessionCreates() - before).toBe(1)
    const sessionIds = new Set(
      [...answers, again].map((answer) => (answer.provider === 'vonage' ? answer.vonage.session_id : null)),
    )
    expect(sessionIds.size).toBe(1)
    expect([...sessionIds][0]).toMatch(/^vonage-session-/)
    // Routed, archived by hand; the request signed with the application's key (Vonage's library).
    const create = stub.of('POST', '/vonage/session/create').at(-1)
    expect(Object.fromEntries(new URLSearchParams(create?.body))).toMatchObject({
      archiveMode: 'manual',
      'p2p.preference': 'disabled',
    })
    expect(signedByApp(create?.authorization, stub.publicKeyPem)).toBe(true)
  })

  it("gives each party a client token with its role, its name, and the join window's end", async () => {
    // Vonage's library stamps its tokens by the real clock (an expiry already past is replaced).
    const now = new Date(Math.floor(storyNow().getTime() / 60_000) * 60_000 + 60_000)
    t.clock.set(now.toISOString())
    const room = await roomNow()
    const closesAt = new Date(now.getTime() + 60 * 60_000)
    const teacher = await anyRoomTokenFor(t, room.teacher.token, room.lesson.id)
    const student = await anyRoomTokenFor(t, room.student.token, room.lesson.id)
    if (teacher.provider !== 'vonage' || student.provider !== 'vonage') throw new Error('not vonage')
    expect(teacher).toMatchObject({
      role: 'teacher',
      signalling_url: '/api/v1/lessons/room',
      closes_at: closesAt.toISOString(),
      vonage: { application_id: stub.video.vonage?.applicationId },
    })
    const closes = closesAt.getTime() / 1000
    const teacherClaims = claimsOf(teacher.vonage.token)
    const studentClaims = claimsOf(student.vonage.token)
    expect(teacherClaims).toMatchObject({
      session_id: teacher.vonage.session_id,
      role: 'moderator',
      exp: closes,
      application_id: stub.video.vonage?.applicationId,
    })
    expect(JSON.parse(String(teacherClaims.connection_data))).toEqual({
      user_id: room.teacher.user.id,
      role: 'teacher',
    })
    expect(studentClaims).toMatchObject({ role: 'publisher', exp: closes })
    expect(JSON.parse(String(studentClaims.connection_data))).toEqual({
      user_id: room.student.user.id,
      role: 'student',
    })
    // Signed with the application's private key: Vonage can check it.
    expect(signedByApp(`Bearer ${student.vonage.token}`, stub.publicKeyPem)).toBe(true)
    // The room's own socket token, as with the built-in room.
    expect(student.token).not.toBe(teacher.token)
  })

  it('gives nobody but the two parties a session or a token, and asks Vonage nothing for them', async () => {
    const room = await roomNow()
    const stranger = await lessonParties(t)
    const before = stub.requests.length
    for (const party of [stranger.teacher, stranger.student]) {
      expect(refusal(await generateToken(t, party.token, room.lesson.id))).toMatchObject({
        status: 404,
        code: 'lesson_not_found',
      })
    }
    expect(stub.requests.length).toBe(before)
  })

  it('answers 503 while Vonage does not, and makes the session once it does', async () => {
    const room = await roomNow()
    stub.failing = true
    expect(refusal(await generateToken(t, room.student.token, room.lesson.id))).toMatchObject({
      status: 503,
      code: 'video_provider_unavailable',
    })
    stub.failing = false
    const answer = await anyRoomTokenFor(t, room.student.token, room.lesson.id)
    expect(answer.provider).toBe('vonage')
  })

  it("follows the teacher's provider over the school's default", async () => {
    const room = await roomNow()
    await setVideoProvider(t.ctx, room.teacher.user.email, 'builtin')
    expect((await anyRoomTokenFor(t, room.student.token, room.lesson.id)).provider).toBe('builtin')
    await setVideoProvider(t.ctx, room.teacher.user.email, null)
    expect((await anyRoomTokenFor(t, room.student.token, room.lesson.id)).provider).toBe('vonage')
  })
})

const start = (token: string, lessonId: string) =>
  post(t.app, '/lessons/archives/create', { token, payload: { lesson_id: lessonId } })
const archiveOf = (response: { json(): unknown }): Archive => v.parse(archiveResponse, response.json()).data
const patches = (archiveId: string) =>
  stub.of('PATCH', `/vonage/v2/project/`).filter((request) => request.path.includes(`/archive/${archiveId}/`))

describe('Vonage: lessons/archives/*', () => {
  it("starts Vonage's archive in manual stream mode, selects streams, stops it and keeps the file", async () => {
    const room = await roomNow()
    await anyRoomTokenFor(t, room.teacher.token, room.lesson.id)
    stub.streams = [
      { id: 'stream-teacher', videoType: 'camera' },
      { id: 'stream-student', videoType: 'camera' },
    ]
    const started = await start(room.teacher.token, room.lesson.id)
    expect(started.statusCode).toBe(201)
    const archive = archiveOf(started)
    expect(archive).toMatchObject({ recorded_by: 'vonage', status: 'recording', stream_id: 'camera' })
    const startCall = stub.of('POST', '/vonage/v2/project/').find((r) => r.path.endsWith('/archive'))
    expect(JSON.parse(startCall?.body ?? '{}')).toMatchObject({
      sessionId: expect.stringMatching(/^vonage-session-/),
      streamMode: 'manual',
      outputMode: 'composed',
    })
    const vonageId = 'vonage-archive-1'
    expect(patches(vonageId).map((request) => JSON.parse(request.body))).toEqual([
      { addStream: 'stream-teacher', hasAudio: true, hasVideo: true },
      { addStream: 'stream-student', hasAudio: true, hasVideo: true },
    ])

    // The teacher shares a screen: the screen is shown, the cameras heard.
    stub.streams.push({ id: 'stream-screen', videoType: 'screen' })
    const switched = await post(t.app, '/lessons/archives/add_stream', {
      token: room.teacher.token,
      payload: { lesson_id: room.lesson.id, stream_id: 'screen' },
    })
    expect(switched.statusCode).toBe(200)
    expect(
      patches(vonageId)
        .slice(2)
        .map((request) => JSON.parse(request.body)),
    ).toEqual([
      { addStream: 'stream-teacher', hasAudio: true, hasVideo: false },
      { addStream: 'stream-student', hasAudio: true, hasVideo: false },
      { addStream: 'stream-screen', hasAudio: false, hasVideo: true },
    ])

    const stopped = await post(t.app, '/lessons/archives/stop', {
      token: room.teacher.token,
      payload: { lesson_id: room.lesson.id },
    })
    expect(stopped.statusCode).toBe(200)
    expect(stub.of('POST', `/vonage/v2/project/`).some((r) => r.path.endsWith(`/${vonageId}/stop`))).toBe(
      true,
    )

    // Vonage is still preparing it: nothing is fetched yet.
    t.clock.advance(1_000)
    await t.app.deps.recordings.tick()
    expect(stub.of('GET', '/files/')).toHaveLength(0)
    // Ready at Vonage: the next look after the poll interval copies it into the school's storage.
    stub.archiveStatus = 'available'
    t.clock.advance(20_000)
    await t.app.deps.recordings.tick()
    expect(stub.of('GET', '/files/')).toHaveLength(1)
    const [ready] = v.parse(
      archiveListResponse,
      (await get(t.app, `/lessons/archives/list?lesson_id=${room.lesson.id}`, room.student.token)).json(),
    ).data
    expect(ready).toMatchObject({ status: 'ready', duration_ms: 61_000, size: stub.archiveFile.length })
    const file = await fetchFile(ready?.url ?? '')
    expect(file.equals(stub.archiveFile)).toBe(true)
    // The school keeps the one copy.
    expect(stub.of('DELETE', '/vonage/').some((r) => r.path.endsWith(`/archive/${vonageId}`))).toBe(true)
  })

  it('lets only the teacher start, switch and stop; the student is refused, others see nothing', async () => {
    const room = await roomNow()
    const stranger = await lessonParties(t)
    const before = stub.requests.length
    expect(refusal(await start(room.student.token, room.lesson.id)).status).toBe(403)
    expect(refusal(await start(stranger.teacher.token, room.lesson.id)).status).toBe(404)
    expect(stub.requests.length).toBe(before)
  })

  it('marks a recording failed when Vonage says the archive will never be available', async () => {
    const room = await roomNow()
    const archive = archiveOf(await start(room.teacher.token, room.lesson.id))
    await post(t.app, '/lessons/archives/stop', {
      token: room.teacher.token,
      payload: { lesson_id: room.lesson.id },
    })
    stub.archiveStatus = 'failed'
    t.clock.advance(1_000)
    await t.app.deps.recordings.tick()
    const list = v.parse(
      archiveListResponse,
      (await get(t.app, `/lessons/archives/list?lesson_id=${room.lesson.id}`, room.teacher.token)).json(),
    ).data
    expect(list.find((item) => item.id === archive.id)?.status).toBe('failed')
  })
})

async function fetchFile(url: string): Promise<Buffer> {
  const response = await t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') })
  expect(response.statusCode).toBe(200)
  return response.rawPayload
}

describe('LearnCube', () => {
  async function cubeRoom(): Promise<Room> {
    const room = await roomNow()
    await markLearncube(t.ctx, { lessonId: room.lesson.id }, true)
    return room
  }
  const classroomCreates = () => stub.of('POST', '/learncube/classrooms/')

  it('names the classroom on the lesson, creates it once, and gives each party its own validation URL', async () => {
    const room = await cubeRoom()
    const lesson = parseLesson(
      (await getWith(t, room.student.token, '/lessons/show', { lesson_id: room.lesson.id })).json(),
    )
    expect(lesson.is_learncube).toBe(true)
    expect(lesson.room_token).toMatch(/^lektorium-[0-9a-f]{32}$/)
    const before = classroomCreates().length
    stub.delayMs = 100
    const [teacher, student] = await Promise.all([
      anyRoomTokenFor(t, room.teacher.token, room.lesson.id),
      anyRoomTokenFor(t, room.student.token, room.lesson.id),
    ])
    stub.delayMs = 0
    if (teacher.provider !== 'learncube' || student.provider !== 'learncube') throw new Error('not learncube')
    expect(classroomCreates().length - before).toBe(1)
    const created = JSON.parse(classroomCreates().at(-1)?.body ?? '{}')
    expect(created).toEqual({
      room_token: lesson.room_token,
      start: '2026-03-10T09:00:00.000Z',
      end: '2026-03-10T09:45:00.000Z',
      description: `Lektorium ${room.lesson.id}`,
      max_participants: 2,
      cancelled: false,
      record_class: false,
    })
    expect(classroomCreates().at(-1)?.authorization).toMatch(/^Bearer learncube-api-token-/)
    expect(teacher.learncube).toMatchObject({
      room_token: lesson.room_token,
      public_key: 'learncube-public-key',
      user_id: room.teacher.user.id,
      username: 'Anna Nowak',
      user_type: 'teacher',
    })
    expect(student.learncube).toMatchObject({ user_id: room.student.user.id, user_type: 'student' })
    expect(student.learncube.validate_url).not.toBe(teacher.learncube.validate_url)

    // LearnCube's script asks its validation URL: LearnCube's token, in LearnCube's shape.
    const validated = await t.app.inject({ method: 'GET', url: student.learncube.validate_url })
    expect(validated.statusCode).toBe(200)
    expect(validated.json()).toEqual({ token: expect.stringMatching(/^learncube-api-token-/) })
    const tokenCall = stub.of('POST', '/learncube/get-api-token/').at(-1)
    expect(JSON.parse(tokenCall?.body ?? '{}')).toEqual({
      api_public_key: 'learncube-public-key',
      api_private_key: 'learncube-private-key-0123456789',
    })
  })

  it('gives no classroom and no validation to anybody else, a forged grant, or a signed-out party', async () => {
    const room = await cubeRoom()
    const stranger = await lessonParties(t)
    const before = stub.requests.length
    expect(refusal(await generateToken(t, stranger.student.token, room.lesson.id)).status).toBe(404)
    expect(stub.requests.length).toBe(before)
    const student = await anyRoomTokenFor(t, room.student.token, room.lesson.id)
    if (student.provider !== 'learncube') throw new Error('not learncube')
    const url = new URL(student.learncube.validate_url, 'http://x')
    const grant = url.searchParams.get('grant') ?? ''
    const [body = '', sig = ''] = grant.split('.')
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), u: stranger.student.user.id })).toString('base64url')}.${sig}`
    for (const bad of [forged, 'nonsense', '']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/v1/learncube/validate?grant=${encodeURIComponent(bad)}`,
      })
      expect([400, 401]).toContain(answer.statusCode)
    }
    // A socket's token of the same party is no grant (another key).
    const socketToken = (await anyRoomTokenFor(t, room.teacher.token, room.lesson.id)) as { token?: string }
    expect(socketToken.token).toBeUndefined()
    // Signed out: the grant no longer works.
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.userId, room.student.user.id))
    expect((await t.app.inject({ method: 'GET', url: student.learncube.validate_url })).statusCode).toBe(401)
  })

  it('stops validating once the lesson is cancelled or its room has closed', async () => {
    const room = await cubeRoom()
    const student = await anyRoomTokenFor(t, room.student.token, room.lesson.id)
    if (student.provider !== 'learncube') throw new Error('not learncube')
    await t.database.db
      .update(lessons)
      .set({ cancelledAt: t.clock.now() })
      .where(eq(lessons.id, room.lesson.id))
    expect((await t.app.inject({ method: 'GET', url: student.learncube.validate_url })).statusCode).toBe(422)
    const other = await cubeRoom()
    const teacher = await anyRoomTokenFor(t, other.teacher.token, other.lesson.id)
    if (teacher.provider !== 'learncube') throw new Error('not learncube')
    t.clock.advance(61 * 60_000)
    expect((await t.app.inject({ method: 'GET', url: teacher.learncube.validate_url })).statusCode).toBe(401)
  })

  it("marks a teacher's future lessons at once, and unmarking keeps the classroom's name", async () => {
    const pair = await lessonParties(t)
    const past = await addLessonAt(t, pair, -120)
    const soon = await addLessonAt(t, pair, 60)
    const later = await addLessonAt(t, pair, 24 * 60)
    expect(await markLearncube(t.ctx, { teacherEmail: pair.teacher.user.email }, true)).toBe(2)
    const rows = await t.database.db.select().from(lessons).where(eq(lessons.teacherId, pair.teacher.user.id))
    const byId = new Map(rows.map((row) => [row.id, row]))
    expect(byId.get(past.id)?.isLearncube).toBe(false)
    expect(byId.get(soon.id)?.isLearncube).toBe(true)
    expect(byId.get(later.id)?.roomToken).not.toBe(byId.get(soon.id)?.roomToken)
    const name = byId.get(soon.id)?.roomToken
    await markLearncube(t.ctx, { lessonId: soon.id }, false)
    await markLearncube(t.ctx, { lessonId: soon.id }, true)
    const [again] = await t.database.db.select().from(lessons).where(eq(lessons.id, soon.id))
    expect(again?.roomToken).toBe(name)
  })
})

describe('without LearnCube configured', () => {
  it("holds a LearnCube lesson in the ordinary room, and the lesson still says it is LearnCube's", async () => {
    const plain = await buildTestApp()
    try {
      const pair = await lessonParties(plain)
      const lesson = await addLessonAt(plain, pair, 0)
      await markLearncube(plain.ctx, { lessonId: lesson.id }, true)
      expect((await anyRoomTokenFor(plain, pair.student.token, lesson.id)).provider).toBe('builtin')
      const shown = parseLesson(
        (await getWith(plain, pair.student.token, '/lessons/show', { lesson_id: lesson.id })).json(),
      )
      expect(shown.is_learncube).toBe(true)
      // Nor is there a validation to give.
      expect(
        (await plain.app.inject({ method: 'GET', url: '/api/v1/learncube/validate?grant=x.y' })).statusCode,
      ).toBe(401)
    } finally {
      await plain.close()
    }
  })
})
