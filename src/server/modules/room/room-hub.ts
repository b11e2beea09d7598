import type { WebSocket } from 'ws'
import {
  type ChatMessage,
  type RecordingNotice,
  ROOM_CLOSE,
  type RoomClientMessage,
  type RoomServerMessage,
  type VoiceClipNotice,
} from '../../../domain/api/room.ts'
import type { Database } from '../../db/client.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Log } from '../../platform/logger.ts'
import { isPresent } from './connections-repository.ts'
import { createRoomBus, type RoomEvent } from './room-bus.ts'
import { type Peer, type RoomParty, readMessage } from './room-messages.ts'
import { createSocketRooms } from './socket-rooms.ts'

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

export function createRoomHub(options: RoomHubOptions): RoomHub {
  const { database, clock, log } = options
  const { db } = database

  /**
   * Whether the joined connection is not older than the peer's socket. A tie (the same
   * millisecond, or a clock a test has stopped) goes to the connection announced.
   */
  const opensLater = (event: Extract<RoomEvent, { k: 'joined' }>, peer: Peer) =>
    event.t === undefined || event.t >= peer.openedAt

  const deliver = (event: RoomEvent) => {
    if (event.k === 'access') return void rooms.recheck(event.u)
    if (event.k === 'cancelled') return cancelled(event)
    for (const peer of rooms.peersOf(event.l)) {
      if (event.k === 'chat') send(peer, { type: 'chat', message: event.m })
      else if (event.k === 'recording') send(peer, { type: 'recording', ...event.n })
      else if (event.k === 'voice-clip') send(peer, { type: 'voice-clip', ...event.n })
      else if (event.k === 'joined' && peer.userId === event.u) {
        // protocol §2: the same user's newer socket (a reload, a second tab) replaces this one;
        // an older one's announcement arriving late (another process's, on a loaded database)
        // does not.
        if (peer.connectionId !== event.c && opensLater(event, peer)) rooms.replace(peer)
      } else if (peer.userId === event.u) continue
      else if (event.k === 'joined') send(peer, { type: 'peer-joined' })
      else if (event.k === 'left') send(peer, { type: 'peer-left', reason: event.w })
      else if (event.k === 'state') send(peer, { type: 'peer-state', ...event.s })
      else send(peer, { type: 'signal', data: event.d })
    }
  }

  /** The room ends for both parties, saying who cancelled and why. */
  function cancelled(event: Extract<RoomEvent, { k: 'cancelled' }>) {
    for (const peer of rooms.peersOf(event.l)) {
      const teacherId = peer.role === 'teacher' ? peer.userId : peer.otherId
      const studentId = peer.role === 'student' ? peer.userId : peer.otherId
      const by = event.b === teacherId ? 'teacher' : event.b === studentId ? 'student' : 'school'
      send(peer, { type: 'cancelled', by, reason: event.r }, true)
      void rooms.dismiss(peer, ROOM_CLOSE.cancelled, 'cancelled')
    }
  }

  const rooms = createSocketRooms<RoomParty, RoomServerMessage, RoomClientMessage, object>({
    database,
    clock,
    log,
    label: 'lesson room',
    tickMs: options.tickMs,
    roomOf: (party) => party.lessonId,
    read: readMessage,
    fresh: () => ({}),
    async welcome(peer, connectionId) {
      const { lessonId: l, userId: u } = peer
      bus.publish({ k: 'joined', l, u, c: connectionId, t: peer.openedAt })
      const peerPresent = await isPresent(db, l, peer.otherId)
      return { type: 'welcome', peer_present: peerPresent, closes_at: peer.closesAt.toISOString() }
    },
    // Relayed to the other party only, wherever its socket is; nobody hears it when it is absent.
    frame(peer, message) {
      const { lessonId: l, userId: u } = peer
      if (message.type === 'state') {
        const { microphone, camera, screen } = message
        bus.publish({ k: 'state', l, u, s: { microphone, camera, screen } })
      } else bus.publish({ k: 'signal', l, u, d: message.data })
    },
    // A user with a socket on another process is still there.
    async left(peer, connectionId) {
      if (await isPresent(db, peer.lessonId, peer.userId)) return
      const w = peer.saidBye ? 'left' : 'lost'
      bus.publish({ k: 'left', l: peer.lessonId, u: peer.userId, c: connectionId, w })
    },
  })
  const { send } = rooms
  const bus = createRoomBus(database, log, deliver)

  return {
    accept: rooms.accept,
    broadcastChat: (message) => bus.publish({ k: 'chat', l: message.lesson_id, m: message }),
    broadcastRecording: (lessonId, notice) => bus.publish({ k: 'recording', l: lessonId, n: notice }),
    broadcastVoiceClip: (lessonId, notice) => bus.publish({ k: 'voice-clip', l: lessonId, n: notice }),
    sockets: rooms.sockets,
    async close() {
      await rooms.close()
      await bus.close()
    },
  }
}
