import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GROUP_ROOM_CLOSE } from '../../../domain/api/group-room.ts'
import { roomTokenResponse, type VonageGroupRoomToken } from '../../../domain/api/room.ts'
import { groupRooms } from '../../db/schema-room.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { addGroupMeeting, connectGroup, type GroupClient } from '../../test-support/group-room.ts'
import { postJson, refusal } from '../../test-support/my-lessons.ts'
import { anotherProcess, generateToken, listening } from '../../test-support/room.ts'
import { storyNow } from '../../test-support/story-clock.ts'
import { claimsOf, startVideoStub, type VideoStub } from '../../test-support/video-providers.ts'
import { setVideoProvider } from './provider-ops.ts'

// A group meeting whose teacher has Vonage (docs/lesson-room-protocol.md "The group room"
// `vonage-group`): the meeting's one routed session at Vonage, a client token per participant, and
// the room's own socket as for the group server. Vonage's REST API is stood in at its boundary
// (test-support/video-providers.ts); Vonage's server library, the app and the database are real.

let stub: VideoStub
let t: TestApp
let base: string
const clients: GroupClient[] = []
beforeAll(async () => {
  stub = await startVideoStub()
  t = await buildTestApp({ config: { video: stub.video } })
  base = await listening(t)
})
afterAll(async () => {
  for (const client of clients) client.close()
  await t.close()
  await stub.close()
})
beforeEach(() => {
  // Vonage's library stamps its tokens by the real clock (an expiry already past is replaced).
  t.clock.set(new Date(Math.floor(storyNow().getTime() / 60_000) * 60_000 + 60_000).toISOString())
  stub.failing = false
  stub.delayMs = 0
})

const sessionCreates = () => stub.of('POST', '/vonage/session/create').length

async function tokenAt(
  app: Pick<TestApp['app'], 'inject'>,
  session: string,
  placeId: string,
): Promise<VonageGroupRoomToken> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/lessons/generate_token',
    headers: { authorization: `Bearer ${session}` },
    payload: { lesson_id: placeId },
  })
  if (response.statusCode !== 200) throw new Error(`generate_token: ${response.statusCode} ${response.body}`)
  const answer = v.parse(roomTokenResponse, response.json()).data
  if (answer.provider !== 'vonage-group') throw new Error(`answered ${answer.provider}`)
  return answer
}

/** In the meeting's room (at `app` listening on `at`), the teacher removes `gone`: their socket closes as removed. */
async function teacherRemoves(
  app: TestApp,
  at: string,
  m: Awaited<ReturnType<typeof addGroupMeeting>>,
  gone: { token: string; user: { id: string } },
  gonePlace: string,
): Promise<GroupClient> {
  const teacher = connectGroup(
    at,
    (await tokenAt(app.app, m.teacher.token, m.places[0] ?? '')).token,
    m.teacher.token,
  )
  const removed = connectGroup(at, (await tokenAt(app.app, gone.token, gonePlace)).token, gone.token)
  clients.push(teacher, removed)
  await teacher.next('group-welcome')
  await removed.next('group-welcome')
  teacher.send({ type: 'remove', user_id: gone.user.id })
  expect(await removed.closed).toBe(GROUP_ROOM_CLOSE.removed)
  return teacher
}

describe('a group meeting whose teacher has Vonage', () => {
  it('makes one routed session for the meeting, whoever asks and on whichever process', async () => {
    const second = await anotherProcess(t)
    const other = second.app
    try {
      const m = await addGroupMeeting(t, 3)
      const before = sessionCreates()
      stub.delayMs = 150
      // Each student at their own place, the teacher at the first; half of them on the other process.
      const askers = [m.teacher, ...m.students].map((party, i) => ({
        party,
        place: m.places[Math.max(0, i - 1)] ?? '',
      }))
      const asks = [...askers, ...askers].map(({ party, place }, i) =>
        tokenAt(i % 2 === 0 ? t.app : other, party.token, place),
      )
      const answers = await Promise.all(asks)
      stub.delayMs = 0
      expect(sessionCreates() - before).toBe(1)
      const sessions = new Set(
        answers.map((answer) => (answer.provider === 'vonage-group' ? answer.vonage.session_id : null)),
      )
      expect(sessions.size).toBe(1)
      expect([...sessions][0]).toMatch(/^vonage-session-/)
      expect(answers[0]).toMatchObject({ provider: 'vonage-group', group_meeting_id: m.meetingId })
      // Another meeting of the same teacher has a session of its own.
      const next = await addGroupMeeting(t, 1)
      const nextAnswer = await tokenAt(t.app, next.students[0]?.token ?? '', next.places[0] ?? '')
      expect(nextAnswer.provider === 'vonage-group' && nextAnswer.vonage.session_id).not.toBe(
        [...sessions][0],
      )
    } finally {
      await second.close()
    }
  })

  it("gives each participant a publisher token naming them until the join window's end, and the room's socket", async () => {
    const m = await addGroupMeeting(t, 2)
    const closes = (t.clock.now().getTime() + 60 * 60_000) / 1000
    const tokens = await Promise.all(
      [m.teacher, ...m.students].map((party, i) =>
        tokenAt(t.app, party.token, m.places[Math.max(0, i - 1)] ?? ''),
      ),
    )
    const parties = [m.teacher, ...m.students]
    tokens.forEach((token, i) => {
      if (token.provider !== 'vonage-group') throw new Error(`answered ${token.provider}`)
      const claims = claimsOf(token.vonage.token)
      const party = parties[i]
      expect(claims).toMatchObject({
        session_id: token.vonage.session_id,
        role: i === 0 ? 'moderator' : 'publisher',
        exp: closes,
        application_id: stub.video.vonage?.applicationId,
      })
      expect(JSON.parse(String(claims.connection_data))).toMatchObject({ user_id: party?.user.id })
    })
    // Presence goes through the group room's socket, exactly as with the group server.
    const [teacherToken, studentToken] = tokens
    const teacher = connectGroup(base, teacherToken?.token ?? '', m.teacher.token)
    clients.push(teacher)
    await teacher.next('group-welcome')
    const student = connectGroup(base, studentToken?.token ?? '', m.students[0]?.token ?? '')
    clients.push(student)
    await student.next('group-welcome')
    expect((await teacher.next('participant-joined')).participant.user_id).toBe(m.students[0]?.user.id)
  })

  it('gives no token to a removed student nor to a student of another meeting, and asks Vonage nothing', async () => {
    const m = await addGroupMeeting(t, 2)
    const [kept, gone] = m.students
    if (!kept || !gone) throw new Error('two students')
    await teacherRemoves(t, base, m, gone, m.places[1] ?? '')
    const stranger = (await addGroupMeeting(t, 1)).students[0]
    const before = stub.requests.length
    expect(refusal(await generateToken(t, gone.token, m.places[1] ?? ''))).toMatchObject({
      status: 403,
      code: 'group_room_removed',
    })
    expect(refusal(await generateToken(t, stranger?.token ?? '', m.places[0] ?? ''))).toMatchObject({
      status: 404,
      code: 'lesson_not_found',
    })
    expect(stub.requests.length).toBe(before)
    expect((await tokenAt(t.app, kept.token, m.places[0] ?? '')).provider).toBe('vonage-group')
  })

  it("follows the teacher's provider: a teacher on the built-in room keeps the group room without Vonage", async () => {
    const m = await addGroupMeeting(t, 1)
    await setVideoProvider(t.ctx, m.teacher.user.email, 'builtin')
    const before = sessionCreates()
    const answer = await postJson(t, m.students[0]?.token ?? '', '/lessons/generate_token', {
      lesson_id: m.places[0],
    })
    expect(v.parse(roomTokenResponse, answer.json()).data.provider).toBe('mesh')
    expect(sessionCreates()).toBe(before)
  })
})

describe('a Vonage meeting where the group server is configured too', () => {
  let withJanus: TestApp
  let janusBase: string
  beforeAll(async () => {
    // Nothing listens there: the Vonage meeting must never reach for the group server.
    const janus = {
      servers: [{ url: 'http://127.0.0.1:9/janus', publicUrl: 'ws://127.0.0.1:9' }],
      adminKey: 'an-admin-key-of-the-test',
      tokenSecret: 'a-token-secret-of-the-test',
    }
    withJanus = await buildTestApp({ config: { video: stub.video, janus } })
    janusBase = await listening(withJanus)
  })
  afterAll(async () => {
    await withJanus.close()
  })

  it('removes a student without making the meeting a room on the group server', async () => {
    withJanus.clock.set(t.clock.now().toISOString())
    const m = await addGroupMeeting(withJanus, 1)
    const [gone] = m.students
    if (!gone) throw new Error('a student')
    const teacher = await teacherRemoves(withJanus, janusBase, m, gone, m.places[0] ?? '')
    expect(await teacher.next('participant-left')).toMatchObject({ user_id: gone.user.id, reason: 'removed' })
    const rooms = await withJanus.ctx.db
      .select()
      .from(groupRooms)
      .where(eq(groupRooms.meetingId, m.meetingId))
    expect(rooms).toEqual([])
  })
})
