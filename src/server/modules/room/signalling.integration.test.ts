import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { lessons } from '../../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { addLessonAt, lessonParties } from '../../test-support/my-lessons.ts'
import { listening, roomTokenFor } from '../../test-support/room.ts'
import { connectRoom, type RoomClient } from '../../test-support/room-client.ts'

// protocol §2: the signalling socket — a token of the lesson's party, the page's own
// Origin, two parties per room, the same user's newer socket replacing the older, a size limit.

let t: TestApp
let base: string
const open: RoomClient[] = []
beforeAll(async () => {
  t = await buildTestApp()
  base = await listening(t)
})
afterAll(() => t.close())
beforeEach(() => {
  t.clock.set('2026-03-10T09:00:00Z')
  for (const client of open.splice(0)) client.close()
})

const OFFER = { description: { type: 'offer', sdp: 'v=0\r\n' } } as const

async function room() {
  const pair = await lessonParties(t)
  const lesson = await addLessonAt(t, pair, 0)
  const join = async (party: 'student' | 'teacher') => {
    const { token } = await roomTokenFor(t, pair[party].token, lesson.id)
    const client = connectRoom(base, token, { session: pair[party].token })
    open.push(client)
    return client
  }
  return { pair, lesson, join }
}

describe('the signalling socket', () => {
  it('welcomes, tells of the peer and relays signals between the two parties only', async () => {
    const { join } = await room()
    const teacher = await join('teacher')
    expect(await teacher.next('welcome')).toEqual({
      type: 'welcome',
      peer_present: false,
      closes_at: '2026-03-10T10:00:00.000Z',
    })
    const student = await join('student')
    expect(await student.next('welcome')).toMatchObject({ peer_present: true })
    await teacher.next('peer-joined')

    const stranger = await (await room()).join('student')
    await stranger.next('welcome')

    student.send({ type: 'signal', data: OFFER })
    expect(await teacher.next('signal')).toEqual({ type: 'signal', data: OFFER })
    const candidate = { candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' } }
    teacher.send({ type: 'signal', data: candidate })
    expect(await student.next('signal')).toEqual({ type: 'signal', data: candidate })
    student.send({ type: 'ping' })
    await student.next('pong')
    // Neither the sender nor a third party hears a signal.
    expect(student.received.filter((m) => m.type === 'signal')).toHaveLength(1)
    expect(stranger.received.map((m) => m.type)).toEqual(['welcome'])

    student.close()
    await teacher.next('peer-left')
  })

  it('refuses no token, a forged, expired or foreign token and a cancelled lesson', async () => {
    const { lesson, join, pair } = await room()
    expect((await connectRoom(base, undefined).closed).code).toBe(4401)
    expect((await connectRoom(base, 'abc.def').closed).code).toBe(4401)
    const { token } = await roomTokenFor(t, pair.student.token, lesson.id)
    const [body = '', sig = ''] = token.split('.')
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString())
    const other = await addLessonAt(t, pair, 0)
    const forged = Buffer.from(JSON.stringify({ ...claims, l: other.id })).toString('base64url')
    expect((await connectRoom(base, `${forged}.${sig}`).closed).code).toBe(4401)

    t.clock.set('2026-03-10T10:00:00.001Z')
    expect((await connectRoom(base, token, { session: pair.student.token }).closed).code).toBe(4401)
    t.clock.set('2026-03-10T09:00:00Z')

    const teacher = await join('teacher')
    await teacher.next('welcome')
    await t.database.db.update(lessons).set({ cancelledAt: t.clock.now() }).where(eq(lessons.id, lesson.id))
    expect((await connectRoom(base, token, { session: pair.student.token }).closed).code).toBe(4403)
    // The teacher's own socket is told, and closed (room-trust.integration.test.ts), once the
    // database's announcement of the cancel arrives, which may be after the refusal above.
    await teacher.next('cancelled')
    expect(teacher.received.map((m) => m.type)).toEqual(['welcome', 'cancelled'])
  })

  it('refuses a page of another origin before the upgrade, and a client that sends none', async () => {
    const { lesson, pair } = await room()
    const { token } = await roomTokenFor(t, pair.student.token, lesson.id)
    expect(await connectRoom(base, token, { origin: 'https://evil.example' }).closed).toEqual({
      code: -1,
      status: 403,
    })
    expect(await connectRoom(base, token, { origin: null }).closed).toEqual({ code: -1, status: 403 })
    // The public origin (PUBLIC_URL) is the page's own too.
    const client = connectRoom(base, token, { origin: 'http://lektorium.test', session: pair.student.token })
    open.push(client)
    await client.next('welcome')
  })

  it("replaces a user's older socket by the newer one (4409), without telling the peer they left", async () => {
    const { join } = await room()
    const teacher = await join('teacher')
    await teacher.next('welcome')
    const first = await join('student')
    await first.next('welcome')
    await teacher.next('peer-joined')
    const second = await join('student')
    expect(await second.next('welcome')).toMatchObject({ peer_present: true })
    expect((await first.closed).code).toBe(4409)
    await teacher.next('peer-joined')
    teacher.send({ type: 'signal', data: OFFER })
    await second.next('signal')
    expect(teacher.received.map((m) => m.type)).not.toContain('peer-left')
  })

  it('closes a socket that sends a frame over 64 KiB (1009) or one that is no message (1003)', async () => {
    const { join } = await room()
    const big = await join('teacher')
    await big.next('welcome')
    big.send({ type: 'signal', data: { description: { type: 'offer', sdp: 'x'.repeat(70_000) } } })
    expect((await big.closed).code).toBe(1009)
    const malformed = await join('student')
    await malformed.next('welcome')
    malformed.ws.send('{not json')
    expect((await malformed.closed).code).toBe(1003)
    const unknown = await join('teacher')
    await unknown.next('welcome')
    unknown.send({ type: 'shout', data: 1 })
    expect((await unknown.closed).code).toBe(1003)
  })

  it('relays an SDP larger than a NOTIFY payload whole', async () => {
    const { join } = await room()
    const teacher = await join('teacher')
    await teacher.next('welcome')
    const student = await join('student')
    await student.next('welcome')
    const sdp = `v=0\r\n${'a=x\r\n'.repeat(3000)}`
    student.send({ type: 'signal', data: { description: { type: 'offer', sdp } } })
    expect((await teacher.next('signal')).data.description?.sdp).toBe(sdp)
  })

  it('closes the room at the end of the join window by the server clock (closed, 4000)', async () => {
    const { join } = await room()
    const teacher = await join('teacher')
    await teacher.next('welcome')
    t.clock.set('2026-03-10T10:00:00.001Z')
    expect(await teacher.next('closed', 3000)).toEqual({ type: 'closed', reason: 'window_ended' })
    expect((await teacher.closed).code).toBe(4000)
  })

  it('answers a plain GET with 426', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/lessons/room' })
    expect(response.statusCode).toBe(426)
  })
})
