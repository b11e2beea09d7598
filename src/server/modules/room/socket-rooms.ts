import type { WebSocket } from 'ws'
import { ROOM_CLOSE } from '../../../domain/api/room.ts'
import type { Database } from '../../db/client.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Log } from '../../platform/logger.ts'
import { sessionAdmits } from '../../platform/sessions.ts'
import { closeConnection, openConnection, type Party, refreshConnections } from './connections-repository.ts'
import { createAllowances, type SocketAllowance } from './room-limits.ts'
import { frameBuffer } from './room-messages.ts'

// What the lesson room's hub and the group room's hub share (docs/lesson-room-protocol.md): this
// process's sockets, grouped by room; each admitted under the socket allowances, its presence row
// opened and kept fresh, welcomed before anything else is sent to it, closed when the join window
// ends by the server's clock, when the network has been silent too long, when its session ends, and
// when the server shuts down. What a hub's frames and events mean is the hub's own.

/** Who a socket belongs to, as a hub admits it: a party of a lesson, its session and its room's end. */
export type SocketParty = Party & { sessionId: string; closesAt: Date }

/** The frames every room's server sends, whatever else its protocol holds. */
type CommonMessage = { type: 'pong' } | { type: 'closed'; reason: 'window_ended' }

/** One socket of a party in a room on this process. */
export type SocketPeer<P extends SocketParty, M> = P & {
  socket: WebSocket
  allowance: SocketAllowance
  releaseAllowance: () => void
  /** It said `bye`: the others are told it left, not that its connection was lost. */
  saidBye: boolean
  /** A newer socket of the same user took its place: its user is still there. */
  replaced: boolean
  /** Its room_connections row, once written. */
  connectionId: string | null
  /** When it entered, by the server's clock (its row's joined_at): the newer of a user's sockets stays. */
  openedAt: number
  /** Real time of the last frame heard (the network's silence, not the lesson's clock). */
  lastHeard: number
  /** joining: until the welcome is sent (frames wait in `queue`); gone: left the room. */
  state: 'joining' | 'open' | 'gone'
  queue: (M | CommonMessage)[]
}

/** The client frames every room knows; the rest of a room's protocol is the hub's. */
type CommonFrame = { type: 'bye' } | { type: 'ping' } | { type: 'auth' }

export type SocketRoomsOptions<P extends SocketParty, M, F extends { type: string }, X> = {
  database: Pick<Database, 'db' | 'origin'>
  clock: Clock
  log: Log
  /** What the logs call these rooms ("lesson room", "group room"). */
  label: string
  /** The room a party's socket joins. */
  roomOf(party: P): string
  /** A client's frame, else null (the socket is closed 1003). */
  read(data: unknown, isBinary: boolean): F | null
  /** The fields of the hub's own that a new peer starts with. */
  fresh(): X
  /** The peer's row is written: tell the room, and return its welcome (the first frame it gets). */
  welcome(peer: SocketPeer<P, M> & X, connectionId: string): Promise<M>
  /** A frame past the allowance, from a welcomed peer. */
  frame(peer: SocketPeer<P, M> & X, frame: Exclude<F, CommonFrame>): void
  /** The peer is gone from this process, before its row is closed (its row may not exist). */
  gone?(peer: SocketPeer<P, M> & X): Promise<void>
  /** Its row is closed and no newer socket of its user replaced it: tell the room, if it is to be told. */
  left(peer: SocketPeer<P, M> & X, connectionId: string): Promise<void>
  /** Each tick, for a peer that stays. */
  tickPeer?(peer: SocketPeer<P, M> & X): Promise<void>
  /** Each tick, after the peers: `rooms` those this process has sockets in. */
  tickRooms?(rooms: string[], now: Date): Promise<void>
  /** How often the rooms are checked against the clock (default 1 s). */
  tickMs?: number
}

/** A client pings every 15 s; one heard from for this long is gone (a half-open connection). */
const SILENCE_MS = 45_000
/** How often this process's open connections are marked alive in the database. */
const REFRESH_MS = 15_000

export function createSocketRooms<P extends SocketParty, M, F extends { type: string }, X>(
  options: SocketRoomsOptions<P, M, F, X>,
) {
  type Peer = SocketPeer<P, M> & X
  const { database, clock, log, label } = options
  const { db, origin } = database
  const rooms = new Map<string, Set<Peer>>()
  const allowances = createAllowances()
  let closing = false
  let lastRefresh = 0
  const logged = (what: string) => (err: unknown) => log.error({ err }, what)

  const peersOf = (room: string) => [...(rooms.get(room) ?? [])]
  const allPeers = () => [...rooms.values()].flatMap((room) => [...room])
  // Read anew after each await: the socket may have closed or been replaced meanwhile.
  const isGone = (peer: Peer) => peer.state === 'gone'

  /** `now`: even before the welcome (the socket is about to close); else queued until it. */
  const send = (peer: Peer, message: M | CommonMessage, now = false) => {
    if (peer.state === 'gone') return
    if (peer.state === 'joining' && !now) peer.queue.push(message)
    else if (peer.socket.readyState === peer.socket.OPEN) peer.socket.send(JSON.stringify(message))
  }

  async function leave(peer: Peer): Promise<void> {
    if (peer.state === 'gone') return
    peer.state = 'gone'
    peer.releaseAllowance()
    const room = options.roomOf(peer)
    rooms.get(room)?.delete(peer)
    if (rooms.get(room)?.size === 0) rooms.delete(room)
    await options.gone?.(peer)
    // Still joining: accept() closes the row it is opening.
    if (!peer.connectionId) return
    await closeConnection(db, peer.connectionId, peer, clock.now())
    if (!peer.replaced) await options.left(peer, peer.connectionId)
  }
  const leaveLogged = (peer: Peer) => leave(peer).catch(logged(`leaving a ${label} failed`))

  /** Closes the peer's socket with `code` and leaves its room. */
  function dismiss(peer: Peer, code: number, reason: string): Promise<void> {
    peer.socket.close(code, reason)
    return leaveLogged(peer)
  }

  /** The same user's newer socket (a reload, a second tab) takes this one's place. */
  function replace(peer: Peer): void {
    peer.replaced = true
    void dismiss(peer, ROOM_CLOSE.replaced, 'replaced')
  }

  /** A session ended or an account changed: its sockets must still be admitted. */
  async function recheck(userId: string): Promise<void> {
    for (const peer of allPeers().filter((p) => p.userId === userId)) {
      const admitted = await sessionAdmits(db, peer, clock.now()).catch((err: unknown) => {
        log.error({ err }, `a ${label} socket could not be checked again`)
        return true
      })
      if (admitted) continue
      // Signed out or barred: gone for good, so the others are told "left", not "lost".
      peer.saidBye = true
      await dismiss(peer, ROOM_CLOSE.unauthorized, 'session ended')
    }
  }

  function onMessage(peer: Peer, data: unknown, isBinary: boolean) {
    peer.lastHeard = Date.now()
    const message = options.read(data, isBinary)
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
    // The session was proven before the socket got here; a second `auth` is a client's mistake. A
    // frame before the welcome has nobody to reach yet.
    if (message.type === 'auth' || peer.state !== 'open') return
    options.frame(peer, message as Exclude<F, CommonFrame>)
  }

  async function accept(socket: WebSocket, party: P) {
    if (socket.readyState !== socket.OPEN) return
    if (closing) return socket.close(1012, 'server restart')
    const { allowance, release } = allowances.open(party.userId, Date.now())
    const own: SocketPeer<P, M> = {
      ...party,
      socket,
      allowance,
      releaseAllowance: release,
      saidBye: false,
      replaced: false,
      connectionId: null,
      openedAt: clock.now().getTime(),
      lastHeard: Date.now(),
      state: 'joining',
      queue: [],
    }
    const peer: Peer = Object.assign(own, options.fresh())
    const room = options.roomOf(party)
    rooms.set(room, (rooms.get(room) ?? new Set<Peer>()).add(peer))
    socket.on('message', (data, isBinary) => onMessage(peer, data, isBinary))
    socket.on('close', () => void leaveLogged(peer))
    const connectionId = await openConnection(db, party, origin, new Date(peer.openedAt))
    peer.connectionId = connectionId
    if (isGone(peer)) return closeConnection(db, connectionId, party, clock.now())
    const welcome = await options.welcome(peer, connectionId)
    if (isGone(peer)) return
    // protocol §2: the welcome is the first frame; what came meanwhile follows it.
    peer.state = 'open'
    send(peer, welcome)
    for (const queued of peer.queue.splice(0)) send(peer, queued)
  }

  /** Closes rooms whose window has ended, drops silent sockets, refreshes presence. */
  async function tick() {
    const now = clock.now()
    for (const peer of allPeers()) {
      if (now > peer.closesAt) {
        // protocol §2: the join window is over; the room closes by the server's clock.
        send(peer, { type: 'closed', reason: 'window_ended' })
        await dismiss(peer, ROOM_CLOSE.windowEnded, 'window_ended')
      } else if (Date.now() - peer.lastHeard > SILENCE_MS) {
        peer.socket.terminate()
        await leaveLogged(peer)
      } else await options.tickPeer?.(peer)
    }
    if (Date.now() - lastRefresh >= REFRESH_MS) {
      lastRefresh = Date.now()
      const ids = allPeers().flatMap((peer) => peer.connectionId ?? [])
      await refreshConnections(db, ids, now)
    }
    await options.tickRooms?.([...rooms.keys()], now)
  }

  // The check under way, if any: one at a time, and close() waits for it before the database goes
  // (a check still running at shutdown used the closed pool).
  let ticking: Promise<void> | null = null
  const timer = setInterval(() => {
    if (ticking) return
    ticking = tick()
      .catch(logged(`the ${label}s could not be checked`))
      .finally(() => {
        ticking = null
      })
  }, options.tickMs ?? 1000)
  timer.unref()

  return {
    peersOf,
    /** The rooms this process has sockets in. */
    roomIds: () => [...rooms.keys()],
    send,
    dismiss,
    replace,
    recheck,
    /** Takes an authenticated socket of a party into its room. */
    accept: (socket: WebSocket, party: P) =>
      accept(socket, party).catch((err: unknown) => {
        log.error({ err }, `a socket could not enter its ${label}`)
        socket.close(1011, 'server error')
      }),
    /** Open sockets of this process (for the metrics). */
    sockets: () => allPeers().length,
    /** Every socket is closed 1012 (clients reconnect, to this process again or another) and leaves. */
    async close() {
      closing = true
      clearInterval(timer)
      await ticking
      const peers = allPeers()
      for (const peer of peers) peer.socket.close(1012, 'server restart')
      await Promise.all(peers.map(leaveLogged))
    },
  }
}
