import type { WebSocket } from 'ws'
import {
  GROUP_ROOM_CLOSE,
  type GroupClientMessage,
  type GroupServerMessage,
} from '../../../domain/api/group-room.ts'
import { type ChatMessage, type RecordingNotice, ROOM_CLOSE } from '../../../domain/api/room.ts'
import type { Database } from '../../db/client.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Log } from '../../platform/logger.ts'
import {
  type GroupEvent,
  type GroupFrame,
  groupEventSchema,
  participantOf,
  readFrame,
} from './group-events.ts'
import {
  findGroupRoom,
  lowerHands,
  markRemoved,
  meetingCancelled,
  meetingRoster,
  participantRows,
  presentInMeeting,
  saveParticipant,
} from './group-repository.ts'
import { feedIdOf, type GroupServers, TICKET_TTL_MS } from './group-server.ts'
import { createGroupUpkeep } from './group-upkeep.ts'
import { createBus } from './room-bus.ts'
import { createSocketRooms, type SocketParty, type SocketPeer } from './socket-rooms.ts'

// This process's sockets of group rooms (docs/lesson-room-protocol.md "The group room"), one room
// per meeting. What every page sees of a participant (media, hand, the teacher's mute, a removal)
// is in PostgreSQL (group_room_participants), presence in room_connections, so every process and a
// restarted one answer alike; the events cross processes on the room's channel.

export type GroupParty = SocketParty & {
  /** The caller's place (the teacher's: the one their token names): attendance is kept on it. */
  lessonId: string
  meetingId: string
}

type GroupOwn = {
  /** Removed by the teacher: its leaving was announced as such. */
  removed: boolean
  /** Tickets on the VideoRoom's `allowed` list, taken off at `until` (real time) or on leaving. */
  tickets: { token: string; room: number; server: string; until: number }[]
}
type GroupPeer = SocketPeer<GroupParty, GroupServerMessage> & GroupOwn

export type GroupHubOptions = {
  database: Pick<Database, 'db' | 'origin' | 'changes'>
  clock: Clock
  log: Log
  janus: GroupServers | undefined
  tickMs?: number
}

export type GroupHub = {
  accept(socket: WebSocket, party: GroupParty): Promise<void>
  /** A message of the meeting's chat was stored: to every party, each with their own place's id. */
  broadcastChat(meetingId: string, message: ChatMessage): void
  /** The meeting's recording started, switched or stopped: to every party. */
  broadcastRecording(meetingId: string, notice: RecordingNotice): void
  sockets(): number
  close(): Promise<void>
}

export function createGroupHub(options: GroupHubOptions): GroupHub {
  const { database, clock, log, janus } = options
  const { db } = database
  const upkeep = janus && createGroupUpkeep(db, janus, log)
  const logged = (what: string) => (err: unknown) => log.error({ err }, what)

  const revokeTickets = async (peer: GroupPeer, onlyExpired: boolean) => {
    const now = Date.now()
    const going = peer.tickets.filter((ticket) => !onlyExpired || ticket.until <= now)
    if (going.length === 0 || !janus) return
    peer.tickets = peer.tickets.filter((ticket) => !going.includes(ticket))
    for (const ticket of going) await janus.revoke(ticket, [ticket.token]).catch(logged('a ticket stayed'))
  }

  const deliver = (event: GroupEvent) => {
    if (event.k === 'access') return void rooms.recheck(event.u)
    if (event.k === 'cancelled') return void cancelled(event).catch(logged('a cancelled meeting stayed open'))
    for (const peer of rooms.peersOf(event.g)) {
      const self =
        peer.userId ===
        (event.k === 'g-chat' || event.k === 'g-lowered' || event.k === 'g-recording' ? null : event.u)
      if (event.k === 'g-recording') send(peer, { type: 'recording', ...event.n })
      else if (event.k === 'g-chat')
        send(peer, { type: 'chat', message: { ...event.m, lesson_id: peer.lessonId } })
      else if (event.k === 'g-lowered') send(peer, { type: 'hands-lowered' })
      else if (event.k === 'g-hand') send(peer, { type: 'hand', user_id: event.u, raised: event.r })
      else if (event.k === 'g-muted') send(peer, { type: 'muted', user_id: event.u })
      else if (event.k === 'g-signal') {
        if (peer.userId === event.to) send(peer, { type: 'signal', from: event.u, data: event.d })
      } else if (event.k === 'g-joined') {
        // The same user's newer socket (a reload, a second tab) replaces this one.
        if (self && peer.connectionId !== event.c && event.t >= peer.openedAt) rooms.replace(peer)
        else if (!self) send(peer, { type: 'participant-joined', participant: event.p })
      } else if (event.k === 'g-left') {
        if (self && event.w === 'removed') {
          peer.removed = true
          void rooms.dismiss(peer, GROUP_ROOM_CLOSE.removed, 'removed')
        } else if (!self) send(peer, { type: 'participant-left', user_id: event.u, reason: event.w })
      } else if (!self) send(peer, { type: 'participant-state', user_id: event.u, ...event.s })
    }
  }

  /** A place was cancelled or deleted: its student goes; everyone, when the meeting was cancelled. */
  async function cancelled(event: Extract<GroupEvent, { k: 'cancelled' }>) {
    for (const meetingId of rooms.roomIds()) {
      const peers = rooms.peersOf(meetingId)
      const own = peers.filter((peer) => peer.lessonId === event.l)
      const meeting = await meetingCancelled(db, meetingId)
      const going = meeting?.cancelled ? peers : own
      for (const peer of going) {
        const by = meeting?.teacherId === event.b ? 'teacher' : 'school'
        send(peer, { type: 'cancelled', by, reason: event.r }, true)
        await rooms.dismiss(peer, ROOM_CLOSE.cancelled, 'cancelled')
      }
    }
  }

  async function ticket(peer: GroupPeer) {
    if (!janus) return
    const now = clock.now()
    const room = await janus.ensureRoom(db, peer.meetingId, now)
    // One ticket at a time: the one asked for before is no longer needed.
    await revokeTickets(peer, false)
    const issued = await janus.issueTicket(room, peer.userId, now)
    if (peer.state === 'gone') return janus.revoke(issued, [issued.token])
    peer.tickets.push({
      token: issued.token,
      room: issued.room,
      server: issued.server,
      until: Date.now() + TICKET_TTL_MS,
    })
    send(peer, {
      type: 'janus-ticket',
      ticket: {
        room: issued.room,
        feed_id: issued.feedId,
        token: issued.token,
        expires_at: issued.expiresAt.toISOString(),
      },
    })
  }

  /** The teacher's moderation: a student's own frames of this kind are refused (nothing happens). */
  async function moderate(
    peer: GroupPeer,
    message: Extract<GroupClientMessage, { type: 'mute' | 'lower-hands' | 'remove' }>,
  ) {
    if (peer.role !== 'teacher') return
    const g = peer.meetingId
    if (message.type === 'lower-hands') {
      await lowerHands(db, g)
      return bus.publish({ k: 'g-lowered', g })
    }
    const roster = await meetingRoster(db, g)
    const target = roster.find((entry) => entry.userId === message.user_id && entry.role === 'student')
    if (!target) return
    if (message.type === 'mute') {
      await saveParticipant(db, g, target.userId, { mutedByTeacher: true, microphone: false })
      return bus.publish({ k: 'g-muted', g, u: target.userId })
    }
    await markRemoved(db, g, target.userId, peer.userId, clock.now())
    bus.publish({ k: 'g-left', g, u: target.userId, w: 'removed' })
    // Out of the meeting's room on the group server, if it has one (a Vonage meeting has none).
    const room = janus && (await findGroupRoom(db, g))
    if (room) await janus.kick(room, feedIdOf(g, target.userId))
  }

  async function handle(peer: GroupPeer, message: Exclude<GroupFrame, { type: 'bye' | 'ping' | 'auth' }>) {
    const { meetingId: g, userId: u } = peer
    if (message.type === 'state') {
      const { microphone, camera, screen } = message
      // The student turning their microphone back on ends the teacher's mute.
      const unmuted = microphone ? { mutedByTeacher: false } : {}
      await saveParticipant(db, g, u, { microphone, camera, screen, ...unmuted })
      bus.publish({ k: 'g-state', g, u, s: { microphone, camera, screen } })
    } else if (message.type === 'hand') {
      if (peer.role !== 'student') return
      await saveParticipant(db, g, u, { handRaised: message.raised })
      bus.publish({ k: 'g-hand', g, u, r: message.raised })
    } else if (message.type === 'signal')
      bus.publish({ k: 'g-signal', g, u, to: message.to, d: message.data })
    else if (message.type === 'janus-ticket') await ticket(peer)
    else await moderate(peer, message)
  }

  /** Who is in the meeting now, as the newcomer's welcome lists them; the room hears of the newcomer. */
  async function welcome(peer: GroupPeer, connectionId: string): Promise<GroupServerMessage> {
    const { meetingId: g, userId: u } = peer
    const [roster, rows, present] = await Promise.all([
      meetingRoster(db, g),
      participantRows(db, g),
      presentInMeeting(db, g),
    ])
    const stored = new Map(rows.map((row) => [row.userId, row]))
    const participants = roster
      .filter((entry) => present.has(entry.userId) && !stored.get(entry.userId)?.removedAt)
      .map((entry) =>
        participantOf(entry, stored.get(entry.userId), janus ? feedIdOf(g, entry.userId) : null),
      )
    const me = participants.find((p) => p.user_id === u)
    if (me) bus.publish({ k: 'g-joined', g, u, c: connectionId, t: peer.openedAt, p: me })
    return { type: 'group-welcome', participants, closes_at: peer.closesAt.toISOString() }
  }

  const rooms = createSocketRooms<GroupParty, GroupServerMessage, GroupFrame, GroupOwn>({
    database,
    clock,
    log,
    label: 'group room',
    tickMs: options.tickMs,
    roomOf: (party) => party.meetingId,
    read: readFrame,
    fresh: () => ({ removed: false, tickets: [] }),
    welcome,
    frame: (peer, message) => void handle(peer, message).catch(logged('a group room frame failed')),
    gone: (peer) => revokeTickets(peer, false),
    // A removal was announced as such; a user with a socket on another process is still there.
    async left(peer) {
      const { meetingId: g, userId: u } = peer
      if (peer.removed || (await presentInMeeting(db, g)).has(u)) return
      bus.publish({ k: 'g-left', g, u, w: peer.saidBye ? 'left' : 'lost' })
    },
    tickPeer: (peer) => revokeTickets(peer, true),
    tickRooms: async (meetingIds, now) => upkeep?.run(meetingIds, now),
  })
  const { send } = rooms
  const bus = createBus(database, log, groupEventSchema, deliver)

  return {
    accept: rooms.accept,
    broadcastChat: (meetingId, message) => bus.publish({ k: 'g-chat', g: meetingId, m: message }),
    broadcastRecording: (meetingId, notice) => bus.publish({ k: 'g-recording', g: meetingId, n: notice }),
    sockets: rooms.sockets,
    async close() {
      await rooms.close()
      await bus.close()
    },
  }
}
