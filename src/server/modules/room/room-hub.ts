import type { WebSocket } from 'ws'
import {
  type ChatMessage,
  type RecordingNotice,
  ROOM_CLOSE,
  type RoomServerMessage,
  type VoiceClipNotice,
} from '../../../domain/api/room.ts'
import type { Database } from '../../db/client.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Log } from '../../platform/logger.ts'
import { sessionAdmits } from '../../platform/sessions.ts'
import { closeConnection, isPresent, openConnection, refreshConnections } from './connections-repository.ts'
import { createRoomBus, type RoomEvent } from './room-bus.ts'
import { createAllowances } from './room-limits.ts'
import { frameBuffer, type Peer, type RoomParty, readMessage } from './room-messages.ts'

// This process's sockets of lesson rooms (protocol §2). What must outlive the process — who is in
// which room since when — is in PostgreSQL (room_connections); the sockets themselves, and the
// timer that closes a room at the end of its join window by the server's clock, are here.

export type RoomHubOptions = {
  database: Pick<Database, 'db' | 'origin' | 'changes'>
  clock: Clock
  log: Log
  /** How often the rooms are checked against the clock (default 1 s). */
  tickMs?: number
}

export type RoomHub = {
  /** Takes an authenticated socket of a lesson's party into its room. */
  accept(socket: WebSocket, party: RoomParty): Promise<void>
  /** A chat message was stored: to both parties' sockets, on every process. */
  broadcastChat(message: ChatMessage): void
  /** The lesson's recording started, changed stream or stopped: to both parties, on every process. */
  broadcastRecording(lessonId: string, notice: RecordingNotice): void
  /** The student kept a voice clip: to both parties, on every process. */
  broadcastVoiceClip(lessonId: string, notice: VoiceClipNotice): void
  /** Open sockets of this process (for the metrics). */
  sockets(): number
  close(): Promise<void>
}

/** A client pings every 15 s; one heard from for this long is gone (a half-open connection). */
const SILENCE_MS = 45_000
/** How often this process's open connections are marked alive in the database. */
const REFRESH_MS = 15_000

export function createRoomHub(options: RoomHubOptions): RoomHub {
  const { database, clock, log } = options
  const { db, origin } = database
  const rooms = new Map<string, Set<Peer>>()
  const allowances = createAllowances()
  let closing = false
  let lastRefresh = 0

  const peersOf = (lessonId: string) => [...(rooms.get(lessonId) ?? [])]
  const allPeers = () => [...rooms.values()].flatMap((room) => [...room])
  // Read anew after each await: the socket may have closed or been replaced meanwhile.
  const isGone = (peer: Peer) => peer.state === 'gone'

  /** `now`: even before the welcome (the socket is about to close); else queued until it. */
  const send = (peer: Peer, message: RoomServerMessage, now = false) => {
    if (peer.state === 'gone') return
    if (peer.state === 'joining' && !now) peer.queue.push(message)
    else if (peer.socket.readyState === peer.socket.OPEN) peer.socket.send(JSON.stringify(message))
  }

  /**
   * Whether the joined connection is not older than the peer's socket. A tie (the same
   * millisecond, or a clock a test has stopped) goes to the connection announced.
   */
  const opensLater = (event: Extract<RoomEvent, { k: 'joined' }>, peer: Peer) =>
    event.t === undefined || event.t >= peer.openedAt

  const deliver = (event: RoomEvent) => {
    if (event.k === 'access') return void recheck(event.u)
    if (event.k === 'cancelled') return cancelled(event)
    for (const peer of peersOf(event.l)) {
      if (event.k === 'chat') send(peer, { type: 'chat', message: event.m })
      else if (event.k === 'recording') send(peer, { type: 'recording', ...event.n })
      else if (event.k === 'voice-clip') send(peer, { type: 'voice-clip', ...event.n })
      else if (event.k === 'joined' && peer.userId === event.u) {
        // protocol §2: the same user's newer socket (a reload, a second tab) replaces this one;
        // an older one's announcement arriving late (another process's, on a loaded database)
        // does not.
        if (peer.connectionId !== event.c && opensLater(event, peer)) replace(peer)
      } else if (peer.userId === event.u) continue
      else if (event.k === 'joined') send(peer, { type: 'peer-joined' })
      else if (event.k === 'left') send(peer, { type: 'peer-left', reason: event.w })
      else if (event.k === 'state') send(peer, { type: 'peer-state', ...event.s })
      else send(peer, { type: 'signal', data: event.d })
    }
  }

  /** A session ended or an account changed: its sockets must still be admitted. */
  async function recheck(userId: string) {
    const peers = allPeers().filter((peer) => peer.userId === userId)
    for (const peer of peers) {
      const admitted = await sessionAdmits(db, peer, clock.now()).catch((err: unknown) => {
        log.error({ err }, 'a room socket could not be checked again')
        return true
      })
      if (admitted) continue
      // Signed out or barred: gone for good, so the other side is told "left", not "lost".
      peer.saidBye = true
      peer.socket.close(ROOM_CLOSE.unauthorized, 'session ended')
      await leaveLogged(peer)
    }
  }

  /** The room ends for both parties, saying who cancelled and why. */
  function cancelled(event: Extract<RoomEvent, { k: 'cancelled' }>) {
    for (const peer of peersOf(event.l)) {
      const teacherId = peer.role === 'teacher' ? peer.userId : peer.otherId
      const studentId = peer.role === 'student' ? peer.userId : peer.otherId
      const by = event.b === teacherId ? 'teacher' : event.b === studentId ? 'student' : 'school'
      send(peer, { type: 'cancelled', by, reason: event.r }, true)
      peer.socket.close(ROOM_CLOSE.cancelled, 'cancelled')
      void leaveLogged(peer)
    }
  }

  const bus = createRoomBus(database, log, deliver)

  async function leave(peer: Peer): Promise<void> {
    if (peer.state === 'gone') return
    peer.state = 'gone'
    peer.releaseAllowance()
    rooms.get(peer.lessonId)?.delete(peer)
    if (rooms.get(peer.lessonId)?.size === 0) rooms.delete(peer.lessonId)
    // Still joining: accept() closes the row it is opening.
    if (!peer.connectionId) return
    await closeConnection(db, peer.connectionId, peer, clock.now())
    // A replaced socket's user is still there; so is one with a socket on another process.
    if (peer.replaced || (await isPresent(db, peer.lessonId, peer.userId))) return
    const why = peer.saidBye ? 'left' : 'lost'
    bus.publish({ k: 'left', l: peer.lessonId, u: peer.userId, c: peer.connectionId, w: why })
  }
  const leaveLogged = (peer: Peer) =>
    leave(peer).catch((err: unknown) => log.error({ err }, 'leaving a lesson room failed'))

  function replace(peer: Peer) {
    peer.replaced = true
    peer.socket.close(ROOM_CLOSE.replaced, 'replaced')
    void leaveLogged(peer)
  }

  function onMessage(peer: Peer, data: unknown, isBinary: boolean) {
    peer.lastHeard = Date.now()
    const message = readMessage(data, isBinary)
    if (!message) return peer.socket.close(ROOM_CLOSE.malformed, 'malformed')
    if (message.type === 'bye') {
      peer.saidBye = true
      return
    }
    // Over the limits a frame is dropped; past the ceiling the socket goes.
    const { relay, closeNow } = peer.allowance.admit(frameBuffer(data)?.length ?? 0, Date.now())
    if (closeNow) return peer.socket.close(ROOM_CLOSE.rateLimited, 'rate limited')
    if (!relay) return
    if (message.type === 'ping') return send(peer, { type: 'pong' })
    // The session was proven before the socket got here; a second `auth` is a client's mistake.
    if (message.type === 'auth') return
    // Relayed to the other party only, wherever its socket is; nobody hears it when it is absent.
    if (peer.state !== 'open') return
    const { lessonId: l, userId: u } = peer
    if (message.type === 'state') {
      const { microphone, camera, screen } = message
      bus.publish({ k: 'state', l, u, s: { microphone, camera, screen } })
    } else bus.publish({ k: 'signal', l, u, d: message.data })
  }

  async function accept(socket: WebSocket, party: RoomParty) {
    if (socket.readyState !== socket.OPEN) return
    if (closing) return socket.close(1012, 'server restart')
    const { allowance, release } = allowances.open(party.userId, Date.now())
    const peer: Peer = {
      ...party,
      socket,
      allowance,
      releaseAllowance: release,
      saidBye: false,
      connectionId: null,
      openedAt: clock.now().getTime(),
      lastHeard: Date.now(),
      state: 'joining',
      queue: [],
      replaced: false,
    }
    const room = rooms.get(party.lessonId) ?? new Set<Peer>()
    rooms.set(party.lessonId, room.add(peer))
    socket.on('message', (data, isBinary) => onMessage(peer, data, isBinary))
    socket.on('close', () => void leaveLogged(peer))
    const connectionId = await openConnection(db, party, origin, new Date(peer.openedAt))
    peer.connectionId = connectionId
    if (isGone(peer)) return closeConnection(db, connectionId, party, clock.now())
    bus.publish({ k: 'joined', l: party.lessonId, u: party.userId, c: connectionId, t: peer.openedAt })
    const peerPresent = await isPresent(db, party.lessonId, party.otherId)
    if (isGone(peer)) return
    // protocol §2: the welcome is the first frame; what came meanwhile follows it.
    peer.state = 'open'
    send(peer, { type: 'welcome', peer_present: peerPresent, closes_at: party.closesAt.toISOString() })
    for (const queued of peer.queue.splice(0)) send(peer, queued)
  }

  /** Closes rooms whose window has ended, drops silent sockets, refreshes presence. */
  async function tick() {
    const now = clock.now()
    for (const peer of allPeers()) {
      if (now > peer.closesAt) {
        // protocol §2: the join window is over; the room closes by the server's clock.
        send(peer, { type: 'closed', reason: 'window_ended' })
        peer.socket.close(ROOM_CLOSE.windowEnded, 'window_ended')
        await leaveLogged(peer)
      } else if (Date.now() - peer.lastHeard > SILENCE_MS) {
        peer.socket.terminate()
        await leaveLogged(peer)
      }
    }
    if (Date.now() - lastRefresh >= REFRESH_MS) {
      lastRefresh = Date.now()
      const ids = [...rooms.values()].flatMap((room) => [...room].flatMap((p) => p.connectionId ?? []))
      await refreshConnections(db, ids, now)
    }
  }

  // The check under way, if any: one at a time, and close() waits for it before the database goes
  // (a check still running at shutdown used the closed pool).
  let ticking: Promise<void> | null = null
  const timer = setInterval(() => {
    if (ticking) return
    ticking = tick()
      .catch((err: unknown) => log.error({ err }, 'the lesson rooms could not be checked'))
      .finally(() => {
        ticking = null
      })
  }, options.tickMs ?? 1000)
  timer.unref()

  return {
    accept: (socket, party) =>
      accept(socket, party).catch((err: unknown) => {
        log.error({ err }, 'a socket could not enter its lesson room')
        socket.close(1011, 'server error')
      }),
    broadcastChat: (message) => bus.publish({ k: 'chat', l: message.lesson_id, m: message }),
    broadcastRecording: (lessonId, notice) => bus.publish({ k: 'recording', l: lessonId, n: notice }),
    broadcastVoiceClip: (lessonId, notice) => bus.publish({ k: 'voice-clip', l: lessonId, n: notice }),
    sockets: () => {
      let count = 0
      for (const room of rooms.values()) count += room.size
      return count
    },
    async close() {
      closing = true
      clearInterval(timer)
      await ticking
      const peers = allPeers()
      // 1012: the server restarts; clients reconnect (to this process again or another).
      for (const peer of peers) peer.socket.close(1012, 'server restart')
      await Promise.all(peers.map(leaveLogged))
      await bus.close()
    },
  }
}
