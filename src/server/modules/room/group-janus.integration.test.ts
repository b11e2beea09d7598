import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GROUP_ROOM_CLOSE } from '../../../domain/api/group-room.ts'
import type { JanusRoomToken } from '../../../domain/api/room.ts'
import { createJanusClient } from '../../platform/janus-client.ts'
import type { RunningJanus } from '../../platform/janus-launcher.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { addGroupMeeting, connectGroup, type GroupClient, groupToken } from '../../test-support/group-room.ts'
import { joinVideoRoom, startTestJanus } from '../../test-support/janus.ts'
import { listening } from '../../test-support/room.ts'

// The group room on Debian's janus, started by the test (docs/lesson-room-protocol.md "The group
// room"): a join needs the core token of the join window and a ticket the socket gave this
// participant for this meeting; a ticket of another meeting, one replaced by a newer, a core token
// past the window and a removed student are refused by Janus itself.

let janus: RunningJanus
let t: TestApp
let base: string
const clients: GroupClient[] = []
beforeAll(async () => {
  janus = await startTestJanus()
  t = await buildTestApp({ config: { janus: janus.config } })
  base = await listening(t)
}, 60_000)
afterAll(async () => {
  for (const client of clients) client.close()
  await t?.close()
  await janus?.stop()
})
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

const httpUrl = () => janus.config.servers[0]?.url ?? ''

async function janusToken(token: string, placeId: string): Promise<JanusRoomToken> {
  const answer = await groupToken(t, token, placeId)
  if (answer.provider !== 'janus') throw new Error(`answered ${answer.provider}`)
  return answer
}

/** A socket in the room and a ticket from it. */
async function ticketed(party: { token: string }, placeId: string) {
  const access = await janusToken(party.token, placeId)
  const client = connectGroup(base, access.token, party.token)
  clients.push(client)
  await client.next('group-welcome')
  client.send({ type: 'janus-ticket' })
  const { ticket } = await client.next('janus-ticket')
  return { access, client, ticket }
}

describe('the group room on Janus', () => {
  it('admits a participant with their ticket, and not with a ticket of another meeting', async () => {
    const m = await addGroupMeeting(t, 2)
    const other = await addGroupMeeting(t, 1)
    const [s0] = m.students
    if (!s0) throw new Error('a student')
    const { access, ticket } = await ticketed(s0, m.places[0] ?? '')
    expect(access.janus).toMatchObject({ url: janus.config.servers[0]?.publicUrl, room: ticket.room })
    expect(ticket.feed_id).toBe(access.janus.feed_id)
    const foreign = await ticketed(other.students[0] ?? s0, other.places[0] ?? '')
    const join = { coreToken: access.janus.token, room: access.janus.room, feedId: access.janus.feed_id }
    const refused = await joinVideoRoom(httpUrl(), { ...join, ticket: foreign.ticket.token })
    expect(refused).toEqual({ joined: false, code: 433 })
    const joined = await joinVideoRoom(httpUrl(), { ...join, ticket: ticket.token })
    expect(joined.joined).toBe(true)
    if (joined.joined) await joined.leave()
  })

  it('refuses a ticket replaced by a newer one, and a core token past the join window', async () => {
    const m = await addGroupMeeting(t, 1)
    const [s0] = m.students
    if (!s0) throw new Error('a student')
    const { access, client, ticket: first } = await ticketed(s0, m.places[0] ?? '')
    client.send({ type: 'janus-ticket' })
    const { ticket: second } = await client.next('janus-ticket')
    const join = { coreToken: access.janus.token, room: access.janus.room, feedId: access.janus.feed_id }
    expect(await joinVideoRoom(httpUrl(), { ...join, ticket: first.token })).toEqual({
      joined: false,
      code: 433,
    })
    // One second before the window closes: the core token expires a second later, by Janus's clock.
    t.clock.set(new Date(Date.parse(access.closes_at) - 1000))
    const late = await janusToken(s0.token, m.places[0] ?? '')
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const expired = await joinVideoRoom(httpUrl(), {
      ...join,
      coreToken: late.janus.token,
      ticket: second.token,
    })
    expect(expired).toEqual({ joined: false, code: 403 })
  })

  it('kicks a removed student from the VideoRoom and refuses them again', async () => {
    const m = await addGroupMeeting(t, 1)
    const [s0] = m.students
    if (!s0) throw new Error('a student')
    const teacher = connectGroup(
      base,
      (await janusToken(m.teacher.token, m.places[0] ?? '')).token,
      m.teacher.token,
    )
    clients.push(teacher)
    await teacher.next('group-welcome')
    const { access, client, ticket } = await ticketed(s0, m.places[0] ?? '')
    const join = { coreToken: access.janus.token, room: access.janus.room, feedId: access.janus.feed_id }
    const joined = await joinVideoRoom(httpUrl(), { ...join, ticket: ticket.token })
    expect(joined.joined).toBe(true)
    const { adminKey, tokenSecret } = janus.config
    const admin = createJanusClient({ url: httpUrl(), adminKey, tokenSecret })
    const feeds = async () => (await admin.listParticipants(access.janus.room)).map((p) => p.id)
    expect(await feeds()).toContain(access.janus.feed_id)
    teacher.send({ type: 'remove', user_id: s0.user.id })
    expect(await client.closed).toBe(GROUP_ROOM_CLOSE.removed)
    await expect.poll(feeds, { timeout: 5000 }).not.toContain(access.janus.feed_id)
    // The removed student's ticket was taken off the list with their socket.
    expect(await joinVideoRoom(httpUrl(), { ...join, ticket: ticket.token })).toEqual({
      joined: false,
      code: 433,
    })
    await admin.close()
  })
})
