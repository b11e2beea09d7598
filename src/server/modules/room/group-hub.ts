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
import { sessionAdmits } from '../../platform/sessions.ts'
import { closeConnection, openConnection, refreshConnections } from './connections-repository.ts'
import {
  type GroupEvent,
  type GroupFrame,
  groupEventSchema,
  participantOf,
  readFrame,
} from './group-events.ts'
import {
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
import { createAllowances, type SocketAllowance } from './room-limits.ts'
import { frameBuffer } from './room-messages.ts'

// This process's sockets of group rooms (docs/lesson-room-protocol.md "The group room"), one room
// per meeting. What every page sees of a participant (media, hand, the teacher's mute, a removal)
// is in PostgreSQL (group_room_participants), presence in room_connections, so every process and a
// restarted one answer alike; the events cross processes on the room's channel.

export type GroupParty = {
  /** The caller's place (the teacher's: the one their token names): attendance is kept on it. */
  lessonId: string
  meetingId: string
  userId: string
  role: 'student' | 'teacher'
  sessionId: string
  closesAt: Date
}

type GroupPeer = GroupParty & {
  socket: WebSocket
  allowance: SocketAllowance
  releaseAllowance: () => void
  saidBye: boolean
  /** Removed by the teacher: its leaving was announced as such. */
  removed: boolean
  replaced: boolean
  connectionId: string | null
  openedAt: number
  lastHeard: number
  state: 'joining' | 'open' | 'gone'
  queue: GroupServerMessage[]
  /** Tickets on the VideoRoom's `allowed` list, taken off at `until` (real time) or on leaving. */
  tickets: { token: string; room: number; server: string; until: number }[]
}

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

const SILENCE_MS = 45_000
const REFRESH_MS = 15_000

export function createGroupHub(options: GroupHubOptions): GroupHub {
  const { database, clock, log, janus } = options
  const { db, origin } = database
  const rooms = new Map<string, Set<GroupPeer>>()
  const allowances = createAllowances()
  let closing = false
  let lastRefresh = 0
  const upkeep = janus && createGroupUpkeep(db, janus, log)

  // Read anew after each await: the socket may have closed meanwhile.
  const isGone = (peer: GroupPeer) => peer.state === 'gone'
  const peersOf = (meetingId: string) => [...(rooms.get(meetingId) ?? [])]
  const allPeers = () => [...rooms.values()].flatMap((room) => [...room])
  const logged = (what: string) => (err: unknown) => log.error({ err }, what)

  const send = (peer: GroupPeer, message: GroupServerMessage, now = false) => {
    if (peer.state === 'gone') return
    if (peer.state === 'joining' && !now) peer.queue.push(message)
    else if (peer.socket.readyState === peer.socket.OPEN) peer.socket.send(JSON.stringify(message))
  }

  const revokeTickets = async (peer: GroupPeer, onlyExpired: boolean) => {
    const now = Date.now()
    const going = peer.tickets.filter((ticket) => !onlyExpired || ticket.until <= now)
    if (going.length === 0 || !janus) return
    peer.tickets = peer.tickets.filter((ticket) => !going.includes(ticket))
    for (const ticket of going) await janus.revoke(ticket, [ticket.token]).catch(logged('a ticket stayed'))
  }

  const deliver = (event: GroupEvent) => {
    if (event.k === 'access') return void recheck(event.u)
    if (event.k === 'cancelled') return void cancelled(event).catch(logged('a cancelled meeting stayed open'))
    for (const peer of peersOf(event.g)) {
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
        if (self && peer.connectionId !== event.c && event.t >= peer.openedAt) replace(peer)
        else if (!self) send(peer, { type: 'participant-joined', participant: event.p })
      } else if (event.k === 'g-left') {
        if (self && event.w === 'removed') removedHere(peer)
        else if (!self) send(peer, { type: 'participant-left', user_id: event.u, reason: event.w })
      } else if (!self) send(peer, { type: 'participant-state', user_id: event.u, ...event.s })
    }
  }

  const bus = createBus(database, log, groupEventSchema, deliver)

  async function recheck(userId: string) {
    for (const peer of allPeers().filter((p) => p.userId === userId)) {
      const admitted = await sessionAdmits(db, peer, clock.now()).catch(() => true)
      if (admitted) continue
      peer.saidBye = true
      peer.socket.close(ROOM_CLOSE.unauthorized, 'session ended')
      await leaveLogged(peer)
    }
  }

  /** A place was cancelled or deleted: its student goes; everyone, when the meeting was cancelled. */
  async function cancelled(event: Extract<GroupEvent, { k: 'cancelled' }>) {
    for (const [meetingId, room] of rooms) {
      const peers = [...room]
      const own = peers.filter((peer) => peer.lessonId === event.l)
      const meeting = await meetingCancelled(db, meetingId)
      const going = meeting?.cancelled ? peers : own
      for (const peer of going) {
        const by = meeting?.teacherId === event.b ? 'teacher' : 'school'
        send(peer, { type: 'cancelled', by, reason: event.r }, true)
        peer.socket.close(ROOM_CLOSE.cancelled, 'cancelled')
        await leaveLogged(peer)
      }
    }
  }

  function removedHere(peer: GroupPeer) {
    peer.removed = true
    peer.socket.close(GROUP_ROOM_CLOSE.removed, 'removed')
    void leaveLogged(peer)
  }

  function replace(peer: GroupPeer) {
    peer.replaced = true
    peer.socket.close(ROOM_CLOSE.replaced, 'replaced')
    void leaveLogged(peer)
  }

  async function leave(peer: GroupPeer): Promise<void> {
    if (peer.state === 'gone') return
    peer.state = 'gone'
    peer.releaseAllowance()
    rooms.get(peer.meetingId)?.delete(peer)
    if (rooms.get(peer.meetingId)?.size === 0) rooms.delete(peer.meetingId)
    await revokeTickets(peer, false)
    if (!peer.connectionId) return
    await closeConnection(db, peer.connectionId, peer, clock.now())
    if (peer.replaced || peer.removed || (await presentInMeeting(db, peer.meetingId)).has(peer.userId)) return
    bus.publish({ k: 'g-left', g: peer.meetingId, u: peer.userId, w: peer.saidBye ? 'left' : 'lost' })
  }
  const leaveLogged = (peer: GroupPeer) => leave(peer).catch(logged('leaving a group room failed'))

  async function ticket(peer: GroupPeer) {
    if (!janus) return
    const now = clock.now()
    const room = await janus.ensureRoom(db, peer.meetingId, now)
    // One ticket at a time: the one asked for before is no longer needed.
    await revokeTickets(peer, false)
    const issued = await janus.issueTicket(room, peer.userId, now)
    if (isGone(peer)) return janus.revoke(issued, [issued.token])
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
    if (janus) {
      const room = await janus.ensureRoom(db, g, clock.now())
      await janus.kick(room, feedIdOf(g, target.userId))
    }
  }

  async function handle(peer: GroupPeer, message: GroupFrame) {
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
    else if (message.type === 'mute' || message.type === 'lower-hands' || message.type === 'remove') {
      await moderate(peer, message)
    }
  }

  function onMessage(peer: GroupPeer, data: unknown, isBinary: boolean) {
    peer.lastHeard = Date.now()
    const message = readFrame(data, isBinary)
    if (!message) return peer.socket.close(ROOM_CLOSE.malformed, 'malformed')
    if (message.type === 'bye') {
      peer.saidBye = true
      return
    }
    const { relay, closeNow } = peer.allowance.admit(frameBuffer(data)?.length ?? 0, Date.now())
    if (closeNow) return peer.socket.close(ROOM_CLOSE.rateLimited, 'rate limited')
    if (!relay) return
    if (message.type === 'ping') return send(peer, { type: 'pong' })
    if (message.type === 'auth' || peer.state !== 'open') return
    handle(peer, message).catch(logged('a group room frame failed'))
  }

  async function accept(socket: WebSocket, party: GroupParty) {
    if (socket.readyState !== socket.OPEN) return
    if (closing) return socket.close(1012, 'server restart')
    const { allowance, release } = allowances.open(party.userId, Date.now())
    const peer: GroupPeer = {
      ...party,
      socket,
      allowance,
      releaseAllowance: release,
      saidBye: false,
      removed: false,
      replaced: false,
      connectionId: null,
      openedAt: clock.now().getTime(),
      lastHeard: Date.now(),
      state: 'joining',
      queue: [],
      tickets: [],
    }
    const room = rooms.get(party.meetingId) ?? new Set<GroupPeer>()
    rooms.set(party.meetingId, room.add(peer))
    socket.on('message', (data, isBinary) => onMessage(peer, data, isBinary))
    socket.on('close', () => void leaveLogged(peer))
    const connectionId = await openConnection(db, party, origin, new Date(peer.openedAt))
    peer.connectionId = connectionId
    if (isGone(peer)) return closeConnection(db, connectionId, party, clock.now())
    const [roster, rows, present] = await Promise.all([
      meetingRoster(db, party.meetingId),
      participantRows(db, party.meetingId),
      presentInMeeting(db, party.meetingId),
    ])
    const stored = new Map(rows.map((row) => [row.userId, row]))
    const participants = roster
      .filter((entry) => present.has(entry.userId) && !stored.get(entry.userId)?.removedAt)
      .map((entry) =>
        participantOf(
          entry,
          stored.get(entry.userId),
          janus ? feedIdOf(party.meetingId, entry.userId) : null,
        ),
      )
    const me = participants.find((p) => p.user_id === party.userId)
    if (me) {
      bus.publish({
        k: 'g-joined',
        g: party.meetingId,
        u: party.userId,
        c: connectionId,
        t: peer.openedAt,
        p: me,
      })
    }
    if (isGone(peer)) return
    peer.state = 'open'
    send(peer, { type: 'group-welcome', participants, closes_at: party.closesAt.toISOString() })
    for (const queued of peer.queue.splice(0)) send(peer, queued)
  }

  async function tick() {
    const now = clock.now()
    for (const peer of allPeers()) {
      if (now > peer.closesAt) {
        send(peer, { type: 'closed', reason: 'window_ended' })
        peer.socket.close(ROOM_CLOSE.windowEnded, 'window_ended')
        await leaveLogged(peer)
      } else if (Date.now() - peer.lastHeard > SILENCE_MS) {
        peer.socket.terminate()
        await leaveLogged(peer)
      } else await revokeTickets(peer, true)
    }
    if (Date.now() - lastRefresh >= REFRESH_MS) {
      lastRefresh = Date.now()
      const ids = allPeers().flatMap((peer) => peer.connectionId ?? [])
      if (ids.length > 0) await refreshConnections(db, ids, now)
    }
    await upkeep?.run([...rooms.keys()], now)
  }

  let ticking: Promise<void> | null = null
  const timer = setInterval(() => {
    if (ticking) return
    ticking = tick()
      .catch(logged('the group rooms could not be checked'))
      .finally(() => {
        ticking = null
      })
  }, options.tickMs ?? 1000)
  timer.unref()

  return {
    accept: (socket, party) =>
      accept(socket, party).catch((err: unknown) => {
        log.error({ err }, 'a socket could not enter its group room')
        socket.close(1011, 'server error')
      }),
    broadcastChat: (meetingId, message) => bus.publish({ k: 'g-chat', g: meetingId, m: message }),
    broadcastRecording: (meetingId, notice) => bus.publish({ k: 'g-recording', g: meetingId, n: notice }),
    sockets: () => allPeers().length,
    async close() {
      closing = true
      clearInterval(timer)
      await ticking
      const peers = allPeers()
      for (const peer of peers) peer.socket.close(1012, 'server restart')
      await Promise.all(peers.map(leaveLogged))
      await bus.close()
    },
  }
}
