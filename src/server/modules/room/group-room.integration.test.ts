import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GROUP_ROOM_CLOSE } from '../../../domain/api/group-room.ts'
import { ROOM_CLOSE } from '../../../domain/api/room.ts'
import { groupMeetings } from '../../db/schema-group-classes.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { addGroupMeeting, connectGroup, type GroupClient, groupToken } from '../../test-support/group-room.ts'
import { getWith, postJson, refusal } from '../../test-support/my-lessons.ts'
import { anotherProcess, generateToken, listening } from '../../test-support/room.ts'
import { signedInUser } from '../../test-support/sessions.ts'

// The group room's socket without a group server (docs/lesson-room-protocol.md "The group room"):
// the mesh for a small class, presence, hands, the teacher's moderation (a student's refused), the
// removal that holds at token and socket, the meeting's one chat, and a second process's sockets
// in the same roster.

let t: TestApp
let base: string
const clients: GroupClient[] = []
beforeAll(async () => {
  t = await buildTestApp()
  base = await listening(t)
})
afterAll(async () => {
  for (const client of clients) client.close()
  await t.close()
})
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

async function enter(url: string, party: { token: string }, placeId: string) {
  const token = await groupToken(t, party.token, placeId)
  const client = connectGroup(url, token.token, party.token)
  clients.push(client)
  await client.next('group-welcome')
  return client
}

describe('the group room without a group server', () => {
  it('gives a class of up to four students the mesh, and a bigger one group_server_missing', async () => {
    const small = await addGroupMeeting(t, 4)
    const token = await groupToken(t, small.students[0]?.token ?? '', small.places[0] ?? '')
    expect(token).toMatchObject({
      provider: 'mesh',
      group_meeting_id: small.meetingId,
      lesson_id: small.places[0],
    })
    const teacherToken = await groupToken(t, small.teacher.token, small.places[0] ?? '')
    expect(teacherToken).toMatchObject({ provider: 'mesh', role: 'teacher' })
    const big = await addGroupMeeting(t, 5)
    const refused = await generateToken(t, big.students[0]?.token ?? '', big.places[0] ?? '')
    expect(refusal(refused)).toMatchObject({ status: 409, code: 'group_server_missing' })
    const stranger = await signedInUser(t, { role: 'student', humanAccess: true })
    const other = await generateToken(t, stranger.token, small.places[0] ?? '')
    expect(refusal(other)).toMatchObject({ status: 404, code: 'lesson_not_found' })
  })

  it('welcomes everyone present, relays hands, state and mesh signals, and lets only the teacher moderate', async () => {
    const m = await addGroupMeeting(t, 2)
    const [s0, s1] = m.students
    if (!s0 || !s1) throw new Error('two students')
    const teacher = await enter(base, m.teacher, m.places[0] ?? '')
    const first = await enter(base, s0, m.places[0] ?? '')
    expect((await teacher.next('participant-joined')).participant).toMatchObject({
      user_id: s0.user.id,
      name: 'Student0 Kowal',
      role: 'student',
      feed_id: null,
      hand_raised: false,
    })
    const second = connectGroup(base, (await groupToken(t, s1.token, m.places[1] ?? '')).token, s1.token)
    clients.push(second)
    const welcome = await second.next('group-welcome')
    expect(welcome.participants.map((p) => p.user_id).sort()).toEqual(
      [m.teacher.user.id, s0.user.id, s1.user.id].sort(),
    )
    first.send({ type: 'hand', raised: true })
    expect(await teacher.next('hand')).toEqual({ type: 'hand', user_id: s0.user.id, raised: true })
    first.send({ type: 'state', microphone: true, camera: true, screen: false })
    expect(await second.next('participant-state')).toMatchObject({ user_id: s0.user.id, microphone: true })
    // A student's moderation frames do nothing.
    first.send({ type: 'mute', user_id: s1.user.id })
    first.send({ type: 'remove', user_id: s1.user.id })
    first.send({ type: 'lower-hands' })
    first.send({ type: 'signal', to: s1.user.id, data: { candidate: null } })
    expect(await second.next('signal')).toEqual({
      type: 'signal',
      from: s0.user.id,
      data: { candidate: null },
    })
    expect(second.received.some((f) => f.type === 'muted' || f.type === 'hands-lowered')).toBe(false)
    expect(teacher.received.some((f) => f.type === 'signal')).toBe(false)
    teacher.send({ type: 'mute', user_id: s0.user.id })
    expect(await first.next('muted')).toEqual({ type: 'muted', user_id: s0.user.id })
    expect(await second.next('muted')).toEqual({ type: 'muted', user_id: s0.user.id })
    teacher.send({ type: 'lower-hands' })
    await second.next('hands-lowered')
    // A newcomer sees what is stored: s0 muted by the teacher, hand down.
    second.close()
    await teacher.next('participant-left')
    const again = await enter(base, s1, m.places[1] ?? '')
    const seen = again.received.find((f) => f.type === 'group-welcome')
    expect(
      seen?.type === 'group-welcome' && seen.participants.find((p) => p.user_id === s0.user.id),
    ).toMatchObject({
      muted_by_teacher: true,
      microphone: false,
      hand_raised: false,
    })
  })

  it('refuses a socket whose room token is borrowed by another session', async () => {
    const m = await addGroupMeeting(t, 1)
    const [s0] = m.students
    if (!s0) throw new Error('a student')
    const token = await groupToken(t, s0.token, m.places[0] ?? '')
    const borrower = connectGroup(base, token.token, m.teacher.token)
    clients.push(borrower)
    expect(await borrower.closed).toBe(ROOM_CLOSE.unauthorized)
  })

  it('removes a student for good: socket closed, token and a new socket refused, everyone told', async () => {
    const m = await addGroupMeeting(t, 2)
    const [s0, s1] = m.students
    if (!s0 || !s1) throw new Error('two students')
    const teacher = await enter(base, m.teacher, m.places[0] ?? '')
    const oldToken = await groupToken(t, s0.token, m.places[0] ?? '')
    const removed = connectGroup(base, oldToken.token, s0.token)
    clients.push(removed)
    await removed.next('group-welcome')
    const other = await enter(base, s1, m.places[1] ?? '')
    teacher.send({ type: 'remove', user_id: s0.user.id })
    expect(await removed.closed).toBe(GROUP_ROOM_CLOSE.removed)
    expect(await other.next('participant-left')).toEqual({
      type: 'participant-left',
      user_id: s0.user.id,
      reason: 'removed',
    })
    const refused = await generateToken(t, s0.token, m.places[0] ?? '')
    expect(refusal(refused)).toMatchObject({ status: 403, code: 'group_room_removed' })
    const back = connectGroup(base, oldToken.token, s0.token)
    clients.push(back)
    expect(await back.closed).toBe(GROUP_ROOM_CLOSE.removed)
  })

  it('keeps one chat for the meeting: each party reads it under their own place', async () => {
    const m = await addGroupMeeting(t, 2)
    const [s0, s1] = m.students
    if (!s0 || !s1) throw new Error('two students')
    const other = await enter(base, s1, m.places[1] ?? '')
    const posted = await postJson(t, s0.token, '/lessons/chat', {
      lesson_id: m.places[0],
      client_id: '7d0f9d4e-1111-4c1a-9c1a-000000000001',
      body: 'Dzień dobry',
    })
    expect(posted.statusCode).toBe(200)
    expect((await other.next('chat')).message).toMatchObject({ body: 'Dzień dobry', lesson_id: m.places[1] })
    const read = await getWith(t, m.teacher.token, '/lessons/chat', { lesson_id: m.places[1] ?? '' })
    expect(read.json()).toMatchObject({ data: [{ body: 'Dzień dobry', author_id: s0.user.id }] })
  })

  it('ends the room for everyone when the meeting is cancelled, and for a student whose place goes', async () => {
    const m = await addGroupMeeting(t, 2)
    const [s0, s1] = m.students
    if (!s0 || !s1) throw new Error('two students')
    const teacher = await enter(base, m.teacher, m.places[0] ?? '')
    const first = await enter(base, s0, m.places[0] ?? '')
    const second = await enter(base, s1, m.places[1] ?? '')
    await t.database.db.delete(lessons).where(eq(lessons.id, m.places[1] ?? ''))
    expect(await second.closed).toBe(ROOM_CLOSE.cancelled)
    expect(first.received.some((f) => f.type === 'cancelled')).toBe(false)
    const now = t.clock.now()
    await t.database.db.transaction(async (tx) => {
      await tx.update(groupMeetings).set({ cancelledAt: now }).where(eq(groupMeetings.id, m.meetingId))
      await tx
        .update(lessons)
        .set({ cancelledAt: now, cancelledBy: m.teacher.user.id })
        .where(eq(lessons.groupMeetingId, m.meetingId))
    })
    expect(await first.next('cancelled')).toEqual({ type: 'cancelled', by: 'teacher', reason: null })
    expect(await teacher.closed).toBe(ROOM_CLOSE.cancelled)
  })

  it('shares one roster between two processes', async () => {
    const second = await anotherProcess(t)
    const app = second.app
    try {
      const otherBase = await app.listen({ host: '127.0.0.1', port: 0 })
      const m = await addGroupMeeting(t, 1)
      const [s0] = m.students
      if (!s0) throw new Error('a student')
      const teacher = await enter(base, m.teacher, m.places[0] ?? '')
      const student = await enter(otherBase, s0, m.places[0] ?? '')
      expect((await teacher.next('participant-joined')).participant.user_id).toBe(s0.user.id)
      const welcome = student.received.find((f) => f.type === 'group-welcome')
      expect(welcome?.type === 'group-welcome' && welcome.participants.length).toBe(2)
      student.send({ type: 'hand', raised: true })
      expect(await teacher.next('hand')).toMatchObject({ user_id: s0.user.id, raised: true })
    } finally {
      await second.close()
    }
  })
})
