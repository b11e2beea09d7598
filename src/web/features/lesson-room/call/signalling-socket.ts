import * as v from 'valibot'
import {
  ROOM_CLOSE,
  type RoomClientMessage,
  type RoomServerMessage,
  roomServerMessageSchema,
} from '../../../../domain/api/room.ts'
import { RESTART_SPREAD_MS, reconnectDelay } from './backoff.ts'

// The room's signalling socket (protocol §2): it asks for a fresh token before every connection,
// proves the signed-in session in its first frame, pings every 15 s, treats 30 s of silence as a
// lost connection, and reconnects by itself until the room closes or is cancelled, another tab
// takes over, or the token is refused for good. A server that restarts (1012) is retried at once;
// the page coming back online or into view retries at once too. Each attempt, from asking for the
// token to the room's welcome, gets ATTEMPT_LIMIT_MS: a request or an opening left hanging by a
// server that went away mid-answer (or a half-started one) is given up and tried again, rather
// than holding the room in "reconnecting" for the browser's own time-outs (30 s and more). Each
// attempt given up in a row gets that much longer, up to three times it, so a connection that is
// merely slow still gets in.

export const PING_EVERY_MS = 15_000
export const SILENCE_LIMIT_MS = 30_000
const WATCH_EVERY_MS = 5_000
/**
 * From asking for a token to the room's welcome: past this, the attempt is given up and retried;
 * after each one given up, the next gets this much more (up to three times it).
 */
export const ATTEMPT_LIMIT_MS = 10_000
const MOST_ATTEMPT_LIMITS = 3
/** 4401 right after the upgrade with a token just issued: after this many in a row, give up. */
const REFUSALS_BEFORE_GIVING_UP = 5

/** The part of the browser's WebSocket the room uses (tests give a fake one). */
export type SocketLike = {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: Event) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
  onclose: ((event: CloseEvent) => void) | null
  onerror: ((event: Event) => void) | null
}

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'ended'
export type SocketEnd = 'window_ended' | 'replaced' | 'refused' | 'cancelled'

/** The browser's signals that a retry is worth making now (tests give their own). */
export type Wakeups = {
  /** Whether the page is in view (a hidden one backs off further). */
  visible(): boolean
  /** Calls `wake` when the network comes back or the page comes into view; returns the undo. */
  watch(wake: () => void): () => void
}

/** Thrown by `address` when no token will ever be given (404, 422): stop trying. */
export class RoomRefused extends Error {
  readonly reason: unknown
  constructor(reason: unknown) {
    super('The room refused the token')
    this.reason = reason
  }
}

/** A frame the socket reads or sends: its `type` decides what the socket itself does with it. */
type Frame = { type: string }

/** The frames a room's socket reads, and the type of the one that welcomes it into the room. */
export type SocketFrames<In extends Frame> = { schema: v.GenericSchema<unknown, In>; welcome: In['type'] }

/** The one-to-one room's frames (protocol §2). */
export const ROOM_FRAMES: SocketFrames<RoomServerMessage> = {
  schema: roomServerMessageSchema,
  welcome: 'welcome',
}

export type SignallingDeps<In extends Frame = RoomServerMessage> = {
  /**
   * A fresh socket address (with a fresh token) for each connection attempt; `signal` aborts it
   * when the attempt is given up.
   */
  address: (signal: AbortSignal) => Promise<string>
  /** The signed-in session's token, sent as the first frame. */
  session: () => string | null
  createSocket: (url: string) => SocketLike
  onFrame: (frame: In) => void
  onStatus: (status: SocketStatus) => void
  onEnd: (end: SocketEnd, detail?: unknown) => void
  /** The frames this socket reads and the one that welcomes it into the room. */
  frames: SocketFrames<In>
  /** More close codes that end the room as `refused`, the code as the detail (the group's removal). */
  endCodes?: readonly number[]
  now?: () => number
  wakeups: Wakeups
  random?: () => number
}

const OPEN = 1
/** The server's close code when it shuts down (protocol §2). */
const SERVER_RESTART = 1012

export class SignallingSocket<In extends Frame = RoomServerMessage, Out extends Frame = RoomClientMessage> {
  private socket: SocketLike | null = null
  private attempt = 0
  private refusals = 0
  private stopped = false
  private everOpen = false
  /** The current socket has had its `welcome`. */
  private welcomed = false
  /** Attempts given up in a row (the next one gets longer). */
  private givenUp = 0
  /** The attempt under way (token, opening, welcome) is given up through this. */
  private pending: { abort: AbortController; limit: ReturnType<typeof setTimeout> } | null = null
  private lastHeard = 0
  private timers: ReturnType<typeof setTimeout>[] = []
  private intervals: ReturnType<typeof setInterval>[] = []
  /** A retry is waiting on its timer (a wake-up may bring it forward). */
  private waiting = false
  private unwatch: () => void = () => undefined
  private readonly deps: SignallingDeps<In>
  private readonly now: () => number
  private readonly wakeups: Wakeups
  private readonly random: () => number

  constructor(deps: SignallingDeps<In>) {
    this.deps = deps
    this.now = deps.now ?? Date.now
    this.wakeups = deps.wakeups
    this.random = deps.random ?? Math.random
  }

  start(): void {
    this.unwatch = this.wakeups.watch(() => this.wake())
    void this.connect()
  }

  /**
   * Sends a frame once the room has welcomed this socket; a signal meanwhile is lost (the peer
   * renegotiates when it sees this side arrive). Before the welcome the server may relay it to a
   * peer that this side's `welcome` is about to replace with a fresh connection.
   */
  send(frame: Out): boolean {
    if (this.socket?.readyState !== OPEN || !this.welcomed) return false
    this.socket.send(JSON.stringify(frame))
    return true
  }

  /**
   * Leaves for good. `bye`: this side leaves on purpose, so the other is told "left" at once
   * rather than "reconnecting".
   */
  stop(options: { bye?: boolean } = {}): void {
    this.stopped = true
    this.unwatch()
    this.pending?.abort.abort()
    this.settle()
    this.clearTimers()
    const socket = this.socket
    this.socket = null
    if (socket) {
      if (options.bye && socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'bye' }))
      socket.onclose = null
      socket.close(1000, 'left')
    }
  }

  private async connect(): Promise<void> {
    this.waiting = false
    if (this.stopped) return
    this.deps.onStatus(this.everOpen ? 'reconnecting' : 'connecting')
    const abort = new AbortController()
    const limitMs = ATTEMPT_LIMIT_MS * Math.min(MOST_ATTEMPT_LIMITS, this.givenUp + 1)
    const pending = { abort, limit: setTimeout(() => this.giveUp(pending), limitMs) }
    this.pending = pending
    let url: string
    try {
      url = await this.deps.address(abort.signal)
    } catch (error) {
      if (this.pending !== pending) return // given up (and retried) or stopped meanwhile
      this.settle()
      if (error instanceof RoomRefused) return this.end('refused', error.reason)
      return this.retry()
    }
    if (this.stopped || this.pending !== pending) return
    const socket = this.deps.createSocket(url)
    this.socket = socket
    this.welcomed = false
    socket.onopen = () => this.opened()
    socket.onmessage = (event) => this.received(event)
    socket.onerror = () => undefined // onclose follows and decides
    socket.onclose = (event) => this.closed(socket, event.code)
  }

  private opened(): void {
    this.lastHeard = this.now()
    const session = this.deps.session()
    if (session) this.socket?.send(JSON.stringify({ type: 'auth', session }))
    this.intervals.push(
      setInterval(() => {
        if (this.socket?.readyState === OPEN && this.welcomed)
          this.socket.send(JSON.stringify({ type: 'ping' }))
      }, PING_EVERY_MS),
      setInterval(() => {
        // A half-open connection (a network change) never closes by itself.
        if (this.now() - this.lastHeard > SILENCE_LIMIT_MS) this.socket?.close(4001, 'silent')
      }, WATCH_EVERY_MS),
    )
  }

  private received(event: MessageEvent): void {
    this.lastHeard = this.now()
    let json: unknown
    try {
      json = typeof event.data === 'string' ? JSON.parse(event.data) : null
    } catch {
      json = null
    }
    const frame = v.safeParse(this.deps.frames.schema, json)
    if (!frame.success) {
      console.warn('The room sent a frame the client does not know', json)
      return
    }
    if (frame.output.type === this.deps.frames.welcome) {
      this.settle()
      this.givenUp = 0
      this.welcomed = true
      this.attempt = 0
      this.refusals = 0
      this.everOpen = true
      this.deps.onStatus('open')
    }
    this.deps.onFrame(frame.output)
    if (frame.output.type === 'closed') this.end('window_ended')
    if (frame.output.type === 'cancelled') this.end('cancelled', frame.output)
  }

  private closed(socket: SocketLike, code: number): void {
    if (socket !== this.socket) return
    this.socket = null
    this.settle()
    this.clearTimers()
    if (this.stopped) return
    if (code === ROOM_CLOSE.windowEnded) this.end('window_ended')
    else if (code === ROOM_CLOSE.cancelled) this.end('cancelled')
    else if (code === ROOM_CLOSE.replaced) this.end('replaced')
    else if (code === ROOM_CLOSE.forbidden || this.deps.endCodes?.includes(code)) this.end('refused', code)
    else if (code === ROOM_CLOSE.unauthorized && ++this.refusals >= REFUSALS_BEFORE_GIVING_UP) {
      this.end('refused', code)
    } else if (code === SERVER_RESTART) {
      // The server is going away on purpose and comes back (or another process takes over).
      this.attempt = 0
      this.retry(this.random() * RESTART_SPREAD_MS)
    } else this.retry()
  }

  private retry(delay = reconnectDelay(this.attempt++, this.wakeups.visible(), this.random)): void {
    if (this.stopped) return
    this.deps.onStatus(this.everOpen ? 'reconnecting' : 'connecting')
    this.waiting = true
    this.timers.push(setTimeout(() => void this.connect(), delay))
  }

  /** The attempt is over (welcomed, failed or given up): its limit no longer applies. */
  private settle(): void {
    if (this.pending) clearTimeout(this.pending.limit)
    this.pending = null
  }

  /** The attempt took too long: its request is aborted or its socket closed, and it is retried. */
  private giveUp(pending: NonNullable<SignallingSocket['pending']>): void {
    if (this.pending !== pending || this.stopped) return
    this.settle()
    this.givenUp++
    pending.abort.abort()
    const socket = this.socket
    if (socket) {
      // Its close event (if the browser still sends one) is no longer this socket's business.
      this.socket = null
      socket.onclose = null
      socket.close(4002, 'slow')
    }
    this.clearTimers()
    this.retry()
  }

  /** Online again, or in view again: a waiting retry is made now. */
  private wake(): void {
    if (!this.waiting || this.stopped) return
    this.clearTimers()
    this.attempt = 0
    void this.connect()
  }

  private end(end: SocketEnd, detail?: unknown): void {
    this.stop()
    this.deps.onStatus('ended')
    this.deps.onEnd(end, detail)
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer)
    for (const interval of this.intervals) clearInterval(interval)
    this.timers = []
    this.intervals = []
  }
}
