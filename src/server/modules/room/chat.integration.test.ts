import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { chatListResponse, chatMessageResponse } from '../../../domain/api/room.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer } from '../../test-support/fixtures.ts'
import { addLessonAt, lessonParties, postJson, refusal } from '../../test-support/my-lessons.ts'
import { listening, roomTokenFor } from '../../test-support/room.ts'
import { connectRoom } from '../../test-support/room-client.ts'

// protocol §3: the chat stored with the lesson — its parties only, in the server's
// order, each message once whatever the retries, inside the join window; every stored message
// reaches the room's sockets.

let t: TestApp
let base: string
beforeAll(async () => {
  t = await buildTestApp()
  base = await listening(t)
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

const post = (token: string, body: unknown) => postJson(t, token, '/lessons/chat', body)
const list = async (token: string, lessonId: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/lessons/chat?lesson_id=${lessonId}`,
    headers: bearer(token),
  })
  return {
    status: response.statusCode,
    messages: response.statusCode === 200 ? v.parse(chatListResponse, response.json()).data : [],
  }
}

describe('the lesson chat', () => {
  it('stores messages of both parties in order and gives them to both, also before the other comes', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 10)
    const first = await post(pair.student.token, {
      lesson_id: lesson.id,
      body: '  Dzień dobry!  ',
      client_id: randomUUID(),
    })
    expect(first.statusCode).toBe(200)
    expect(v.parse(chatMessageResponse, first.json()).data).toMatchObject({
      lesson_id: lesson.id,
      author_id: pair.student.user.id,
      author_role: 'student',
      body: 'Dzień dobry!',
      created_at: '2026-03-10T09:00:00.000Z',
    })
    t.clock.advance(1000)
    await post(pair.teacher.token, { lesson_id: lesson.id, body: 'Hello 👋', client_id: randomUUID() })
    for (const party of [pair.student, pair.teacher]) {
      const { messages } = await list(party.token, lesson.id)
      expect(messages.map((m) => [m.author_role, m.body])).toEqual([
        ['student', 'Dzień dobry!'],
        ['teacher', 'Hello 👋'],
      ])
      expect(messages[0]?.id).toBeLessThan(messages[1]?.id ?? 0)
    }
  })

  it('stores a retried message once (the same client_id answers the first message)', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 0)
    const body = { lesson_id: lesson.id, body: 'Raz', client_id: randomUUID() }
    const answers = await Promise.all([post(pair.student.token, body), post(pair.student.token, body)])
    const again = await post(pair.student.token, { ...body, body: 'Dwa' })
    const ids = [...answers, again].map((r) => v.parse(chatMessageResponse, r.json()).data.id)
    expect(new Set(ids).size).toBe(1)
    expect((await list(pair.teacher.token, lesson.id)).messages.map((m) => m.body)).toEqual(['Raz'])
  })

  it('keeps the chat to the parties (404) and writable only inside the join window', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 0)
    const stranger = (await lessonParties(t)).student
    expect((await list(stranger.token, lesson.id)).status).toBe(404)
    const strangerPost = await post(stranger.token, {
      lesson_id: lesson.id,
      body: 'Hej',
      client_id: randomUUID(),
    })
    expect(refusal(strangerPost)).toMatchObject({ status: 404, code: 'lesson_not_found' })
    t.clock.set('2026-03-10T10:00:00.001Z')
    const late = await post(pair.student.token, {
      lesson_id: lesson.id,
      body: 'Za późno',
      client_id: randomUUID(),
    })
    expect(refusal(late)).toMatchObject({ status: 422, code: 'join_window_closed' })
    // Still readable after the window.
    expect((await list(pair.student.token, lesson.id)).status).toBe(200)
  })

  it('refuses an empty, too long or unstorable body and a client_id that is no UUID', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 0)
    for (const body of ['   ', 'x'.repeat(1001), 'a\u0000b']) {
      expect(
        (await post(pair.student.token, { lesson_id: lesson.id, body, client_id: randomUUID() })).statusCode,
      ).toBe(400)
    }
    expect(
      (
        await post(pair.student.token, {
          lesson_id: lesson.id,
          body: 'x'.repeat(1000),
          client_id: randomUUID(),
        })
      ).statusCode,
    ).toBe(200)
    expect(
      (await post(pair.student.token, { lesson_id: lesson.id, body: 'ok', client_id: 'abc' })).statusCode,
    ).toBe(400)
  })

  it("sends each stored message to the room's sockets, the author's own included", async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 0)
    const teacher = connectRoom(base, (await roomTokenFor(t, pair.teacher.token, lesson.id)).token, {
      session: pair.teacher.token,
    })
    const student = connectRoom(base, (await roomTokenFor(t, pair.student.token, lesson.id)).token, {
      session: pair.student.token,
    })
    await Promise.all([teacher.next('welcome'), student.next('welcome')])
    const body = { lesson_id: lesson.id, body: 'Widzisz mnie?', client_id: randomUUID() }
    await post(pair.student.token, body)
    await post(pair.student.token, body)
    for (const client of [teacher, student]) {
      expect((await client.next('chat')).message).toMatchObject({
        body: 'Widzisz mnie?',
        author_role: 'student',
      })
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(teacher.received.filter((m) => m.type === 'chat')).toHaveLength(1)
    teacher.close()
    student.close()
  })
})
