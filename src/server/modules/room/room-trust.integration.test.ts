import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { createSession } from '../../platform/sessions-repository.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { addLessonAt, lessonParties, type Party, postJson } from '../../test-support/my-lessons.ts'
import { listening, roomTokenFor } from '../../test-support/room.ts'
import { connectRoom, type RoomClient } from '../../test-support/room-client.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { ROOM_LIMITS } from './room-limits.ts'

// The room admits only the signed-in session its token was made for, ends for both parties when the
// lesson is cancelled, and bounds what a socket may send.

let t: TestApp
let base: string
const open: RoomClient[] = []
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { chatPerUser: { limit: 20, windowMs: 10_000 } } })
  base = await listening(t)
})
afterAll(() => t.close())
beforeEach(() => {
  // Ten minutes before a lesson that starts at 09:00: inside the join window, and still cancellable.
  t.clock.set('2026-03-10T08:50:00Z')
  for (const client of open.splice(0)) client.close()
})

const OFFER = { description: { type: 'offer', sdp: 'v=0\r\n' } } as const

async function room() {
  const pair = await lessonParties(t)
  const lesson = await addLessonAt(t, pair, 10)
  /** The party's socket with a token made by `party`'s session, proving `session` (default: the same). */
  const enter = async (party: Party, session = party.token) => {
    const { token } = await roomTokenFor(t, party.token, lesson.id)
    const client = connectRoom(base, token, { session })
    open.push(client)
    return client
  }
  const both = async () => {
    const teacher = await enter(pair.teacher)
    await teacher.next('welcome')
    const student = await enter(pair.student)
    await student.next('welcome')
    await teacher.next('peer-joined')
    return { teacher, student }
  }
  return { pair, lesson, enter, both }
}

const closedWithin = async (client: RoomClient, ms: number) =>
  Promise.race([
    client.closed,
    new Promise<{ code: number }>((resolve) => setTimeout(() => resolve({ code: 0 }), ms)),
  ])

describe('the room admits only the session its token was made for', () => {
  it("refuses another signed-in user with the student's token, and the student stays in the call", async () => {
    const { pair, lesson, both } = await room()
    const { teacher, student } = await both()
    const { token } = await roomTokenFor(t, pair.student.token, lesson.id)
    const intruder = await signedInUser(t, { role: 'student', humanAccess: true })
    const borrowed = connectRoom(base, token, { session: intruder.token })
    expect((await borrowed.closed).code).toBe(4401)
    expect(borrowed.received).toEqual([])

    // The student's socket was never replaced: it still hears the teacher.
    teacher.send({ type: 'signal', data: OFFER })
    expect(await student.next('signal')).toEqual({ type: 'signal', data: OFFER })
    expect(teacher.received.map((m) => m.type)).not.toContain('peer-left')
  })

  it('refuses a socket whose first frame is not the session, or a session that is not a token', async () => {
    const { pair, lesson } = await room()
    const { token } = await roomTokenFor(t, pair.student.token, lesson.id)
    const silent = connectRoom(base, token)
    silent.ws.on('open', () => silent.send({ type: 'ping' }))
    expect((await silent.closed).code).toBe(4401)
    expect(silent.received).toEqual([])
    expect((await connectRoom(base, token, { session: 'nonsense' }).closed).code).toBe(4401)
  })

  it('closes the room sockets of a session signed out, of a banned user, and not of another session', async () => {
    const { pair, lesson, both } = await room()
    const { teacher, student } = await both()
    const { token } = await roomTokenFor(t, pair.student.token, lesson.id)
    // Another session of the student's ends: this one stays.
    const other = await createSession(t.database.db, {
      userId: pair.student.user.id,
      remember: false,
      expiresAt: new Date('2026-04-01T00:00:00Z'),
    })
    await postJson(t, other.token, '/users/sign_out', {})
    expect((await closedWithin(student, 700)).code).toBe(0)

    await postJson(t, pair.student.token, '/users/sign_out', {})
    expect((await closedWithin(student, 2000)).code).toBe(4401)
    await teacher.next('peer-left')
    // The token made before the sign-out, with its session: refused.
    expect((await connectRoom(base, token, { session: pair.student.token }).closed).code).toBe(4401)

    // A ban closes the teacher's socket (an operator's change, straight in the database).
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date('2026-04-01T00:00:00Z') })
      .where(eq(users.id, pair.teacher.user.id))
    expect((await closedWithin(teacher, 2000)).code).toBe(4401)
  })
})

describe('a lesson cancelled during the call', () => {
  it("ends the room for both within 2 s with who cancelled and why (the teacher's lessons/cancel)", async () => {
    const { pair, lesson, both } = await room()
    const { teacher, student } = await both()
    const answer = await postJson(
      t,
      pair.teacher.token,
      '/lessons/cancel',
      { lesson_id: lesson.id, cancellation_reason: 'Jestem chora' },
      crypto.randomUUID(),
    )
    expect(answer.statusCode).toBe(200)
    for (const client of [teacher, student]) {
      expect(await client.next('cancelled', 2000)).toEqual({
        type: 'cancelled',
        by: 'teacher',
        reason: 'Jestem chora',
      })
      expect((await closedWithin(client, 2000)).code).toBe(4410)
    }
    const chat = await postJson(t, pair.student.token, '/lessons/chat', {
      lesson_id: lesson.id,
      body: 'Halo?',
      client_id: crypto.randomUUID(),
    })
    expect(chat.statusCode).toBe(422)
  })

  it('ends it too when the school cancels straight in the database', async () => {
    const { lesson, both } = await room()
    const { teacher, student } = await both()
    await t.database.db
      .update(lessons)
      .set({ cancelledAt: t.clock.now(), cancellationReason: null })
      .where(eq(lessons.id, lesson.id))
    for (const client of [teacher, student]) {
      expect(await client.next('cancelled', 2000)).toEqual({ type: 'cancelled', by: 'school', reason: null })
      expect((await closedWithin(client, 2000)).code).toBe(4410)
    }
  })
})

describe('limits inside the room', () => {
  it('relays no flood of signals and closes the socket that keeps flooding (4429)', async () => {
    const { both } = await room()
    const { teacher, student } = await both()
    const started = performance.now()
    for (let i = 0; i < 5000; i++) student.send({ type: 'signal', data: OFFER })
    expect((await closedWithin(student, 3000)).code).toBe(4429)
    const floodSeconds = (performance.now() - started) / 1000
    // What came through is the burst the protocol document allows, and what refilled while the
    // flood arrived, for as long as this test saw it last (a loaded machine takes longer to read
    // 5000 frames).
    const { burst, perSecond } = ROOM_LIMITS.socketFrames
    await new Promise((resolve) => setTimeout(resolve, 300))
    const relayed = teacher.received.filter((m) => m.type === 'signal').length
    expect(relayed).toBeGreaterThanOrEqual(burst)
    expect(relayed).toBeLessThanOrEqual(burst + Math.ceil(perSecond * floodSeconds))
  })

  it('relays at most its byte allowance of large signals', async () => {
    const { both } = await room()
    const { teacher, student } = await both()
    const sdp = 'x'.repeat(60_000)
    const started = performance.now()
    for (let i = 0; i < 300; i++)
      student.send({ type: 'signal', data: { description: { type: 'offer', sdp } } })
    await closedWithin(student, 3000)
    const floodSeconds = (performance.now() - started) / 1000
    await new Promise((resolve) => setTimeout(resolve, 500))
    const relayed = teacher.received.filter((m) => m.type === 'signal').length
    expect(relayed).toBeGreaterThan(0)
    // The byte burst and its refill for as long as the flood lasted, in 60 KB frames.
    const { burst, perSecond } = ROOM_LIMITS.socketBytes
    expect(relayed).toBeLessThanOrEqual(Math.ceil((burst + perSecond * floodSeconds) / 60_000))
  })

  it('stores at most the chat allowance of a user and answers 429 beyond it', async () => {
    const { pair, lesson } = await room()
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) {
      const answer = await postJson(t, pair.student.token, '/lessons/chat', {
        lesson_id: lesson.id,
        body: `message ${i}`,
        client_id: crypto.randomUUID(),
      })
      statuses.push(answer.statusCode)
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20)
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true)
  })
})
