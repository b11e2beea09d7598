import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { addLessonAt, lessonParties, refusal } from '../../test-support/my-lessons.ts'
import { generateToken, roomTokenFor } from '../../test-support/room.ts'

// protocol §1: POST /lessons/generate_token — the lesson's own parties, a lesson not
// cancelled and not a group lesson, inside the join window by the server's clock.

const TURN_SECRET = 'turn-secret-for-the-tests'
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    config: {
      ice: {
        stunUrls: ['stun:127.0.0.1:3478'],
        turnUrls: ['turn:127.0.0.1:3478?transport=udp'],
        turnSecret: TURN_SECRET,
        transportPolicy: 'relay',
      },
    },
  })
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

describe('POST /lessons/generate_token', () => {
  it("answers each party a token bound to the lesson and to them, with the room's times", async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 5)
    const forStudent = await roomTokenFor(t, pair.student.token, lesson.id)
    const forTeacher = await roomTokenFor(t, pair.teacher.token, lesson.id)
    expect(forStudent).toMatchObject({
      provider: 'builtin',
      signalling_url: '/api/v1/lessons/room',
      ice_transport_policy: 'relay',
      lesson_id: lesson.id,
      user_id: pair.student.user.id,
      role: 'student',
      polite: true,
      starts_at: '2026-03-10T09:05:00.000Z',
      ends_at: '2026-03-10T09:50:00.000Z',
      closes_at: '2026-03-10T10:05:00.000Z',
    })
    expect(forTeacher).toMatchObject({ role: 'teacher', polite: false, user_id: pair.teacher.user.id })
    expect(forStudent.token).not.toBe(forTeacher.token)
  })

  it("gives coturn's TURN REST credentials that verify with the HMAC of the secret", async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 0)
    const answer = await roomTokenFor(t, pair.student.token, lesson.id)
    const [stun, turn] = answer.ice_servers
    expect(stun).toEqual({ urls: ['stun:127.0.0.1:3478'] })
    // Valid for the join window plus an hour: closes at 10:00 + 15 min, + 1 h.
    const expiry = Date.parse('2026-03-10T10:00:00Z') / 1000 + 3600
    expect(turn?.username).toBe(`${expiry}:${pair.student.user.id}`)
    const expected = createHmac('sha1', TURN_SECRET)
      .update(`${expiry}:${pair.student.user.id}`)
      .digest('base64')
    expect(turn).toEqual({
      urls: ['turn:127.0.0.1:3478?transport=udp'],
      username: turn?.username,
      credential: expected,
    })
  })

  it('opens 15 minutes before the start and closes 15 minutes after the end, edges included', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 15)
    t.clock.advance(-1)
    expect(refusal(await generateToken(t, pair.student.token, lesson.id))).toEqual({
      status: 422,
      code: 'join_window_not_open',
      error: 'You can join the lesson from 15 minutes before it starts',
    })
    t.clock.advance(1)
    expect((await generateToken(t, pair.student.token, lesson.id)).statusCode).toBe(200)
    t.clock.set('2026-03-10T10:15:00Z')
    expect((await generateToken(t, pair.teacher.token, lesson.id)).statusCode).toBe(200)
    t.clock.advance(1)
    expect(refusal(await generateToken(t, pair.teacher.token, lesson.id))).toMatchObject({
      status: 422,
      code: 'join_window_closed',
    })
  })

  it("refuses another user's lesson as if it did not exist (404 lesson_not_found)", async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 0)
    const strangers = await lessonParties(t)
    for (const stranger of [strangers.student, strangers.teacher]) {
      expect(refusal(await generateToken(t, stranger.token, lesson.id))).toEqual({
        status: 404,
        code: 'lesson_not_found',
        error: 'Lesson not found',
      })
    }
    const unknown = await generateToken(t, pair.student.token, '00000000-0000-4000-8000-000000000000')
    expect(refusal(unknown)).toMatchObject({ status: 404, code: 'lesson_not_found' })
  })

  it('refuses a cancelled lesson and a group lesson of no group class (422)', async () => {
    const pair = await lessonParties(t)
    const cancelled = await addLessonAt(t, pair, 0, { cancelledAt: new Date('2026-03-09T09:00:00Z') })
    expect(refusal(await generateToken(t, pair.student.token, cancelled.id))).toEqual({
      status: 422,
      code: 'lesson_cancelled',
      error: 'This lesson has been cancelled',
    })
    const group = await addLessonAt(t, pair, 0, { isGroup: true })
    expect(refusal(await generateToken(t, pair.teacher.token, group.id))).toEqual({
      status: 422,
      code: 'group_lesson',
      error: 'A group lesson cannot be joined here',
    })
  })

  it('asks for a session and a lesson id', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/lessons/generate_token',
      payload: {},
    })
    expect(anonymous.statusCode).toBe(401)
    const pair = await lessonParties(t)
    expect((await generateToken(t, pair.student.token, 'not-a-uuid')).statusCode).toBe(400)
  })
})
