import type { SocketLike } from '../call/signalling-socket.ts'
import {
  framed,
  JANUS_SUBPROTOCOL,
  type JanusCandidate,
  JanusError,
  type JanusRequest,
  type Jsep,
  KEEPALIVE_EVERY_MS,
  readIncoming,
} from './janus-protocol.ts'

// A session on the group server: its WebSocket, the transactions in flight, the keepalive, and
// the handles attached to a plugin. A socket that closes or a session Janus expired ends the
// session for good (`onGone`): the group call then starts a fresh one.

/** A request left unanswered this long fails (Janus answers within milliseconds when it is up). */
const ANSWER_LIMIT_MS = 10_000

export type JanusSessionDeps = {
  createSocket: (url: string, protocol: string) => SocketLike
  /** The socket closed, or Janus ended the session: no request will be answered any more. */
  onGone: () => void
}

/** What a handle hears from its plugin: every event (answers to its requests too) and its media. */
export type HandleListener = {
  event: (data: unknown, jsep: Jsep | null) => void
  media: (state: 'webrtcup' | 'hangup' | 'detached') => void
}

type Answer = { id: number | null; data: unknown }

type Pending = {
  resolve: (answer: Answer) => void
  reject: (error: Error) => void
  /** An ack answers it (keepalive, trickle); otherwise the ack is only a receipt. */
  ackAnswers: boolean
  timer: ReturnType<typeof setTimeout>
}

const OPEN = 1

export class JanusSession {
  private readonly socket: SocketLike
  private readonly pending = new Map<string, Pending>()
  private readonly handles = new Map<number, HandleListener>()
  private readonly token: string
  private readonly deps: JanusSessionDeps
  private sessionId = 0
  private count = 0
  private keepalive: ReturnType<typeof setInterval> | null = null
  private gone = false

  private constructor(socket: SocketLike, token: string, deps: JanusSessionDeps) {
    this.socket = socket
    this.token = token
    this.deps = deps
  }

  /** Opens the socket and creates a session with the core token. */
  static async open(url: string, token: string, deps: JanusSessionDeps): Promise<JanusSession> {
    const socket = deps.createSocket(url, JANUS_SUBPROTOCOL)
    const session = new JanusSession(socket, token, deps)
    await new Promise<void>((resolve, reject) => {
      const limit = setTimeout(() => reject(new Error('The group server did not answer')), ANSWER_LIMIT_MS)
      socket.onopen = () => {
        clearTimeout(limit)
        resolve()
      }
      socket.onerror = () => undefined
      socket.onclose = () => {
        clearTimeout(limit)
        reject(new Error('The group server closed the connection'))
        session.end()
      }
    })
    socket.onmessage = (event) => session.received(event)
    socket.onclose = () => session.end()
    const created = await session.request({ janus: 'create' }, false)
    session.sessionId = created.id ?? 0
    session.keepalive = setInterval(
      () =>
        void session
          .request({ janus: 'keepalive', session_id: session.sessionId }, true)
          .catch(() => undefined),
      KEEPALIVE_EVERY_MS,
    )
    return session
  }

  get closed(): boolean {
    return this.gone
  }

  async attach(plugin: string, listener: HandleListener): Promise<JanusHandle> {
    const answer = await this.request({ janus: 'attach', session_id: this.sessionId, plugin }, false)
    const id = answer.id ?? 0
    this.handles.set(id, listener)
    return new JanusHandle(this, this.sessionId, id)
  }

  /** Sends `request`; resolves with what answers it (a success's id, or a plugin's data). */
  request(request: JanusRequest, ackAnswers: boolean): Promise<Answer> {
    if (this.gone || this.socket.readyState !== OPEN) return Promise.reject(new Error('The session is gone'))
    const transaction = `t${++this.count}`
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction)
        reject(new Error(`Janus did not answer ${request.janus}`))
      }, ANSWER_LIMIT_MS)
      this.pending.set(transaction, { resolve, reject, ackAnswers, timer })
      this.socket.send(framed(request, transaction, this.token))
    })
  }

  /** Leaves Janus: the session is destroyed (its handles with it) and the socket closed. */
  close(): void {
    if (!this.gone && this.socket.readyState === OPEN) {
      this.socket.send(framed({ janus: 'destroy', session_id: this.sessionId }, 'bye', this.token))
    }
    this.socket.onclose = null
    this.socket.close(1000, 'left')
    this.end(false)
  }

  private received(event: MessageEvent): void {
    const frame = typeof event.data === 'string' ? readIncoming(event.data) : null
    if (!frame) return
    switch (frame.kind) {
      case 'ack':
        if (frame.transaction && this.pending.get(frame.transaction)?.ackAnswers)
          this.settle(frame.transaction, { id: null, data: null })
        return
      case 'success':
        if (frame.transaction) this.settle(frame.transaction, { id: frame.id, data: frame.plugin })
        return
      case 'error':
        if (frame.transaction) this.fail(frame.transaction, new JanusError(frame.code, frame.reason))
        return
      case 'event': {
        const error = pluginError(frame.plugin)
        if (frame.transaction && error) this.fail(frame.transaction, error)
        else if (frame.transaction) this.settle(frame.transaction, { id: null, data: frame.plugin })
        if (frame.sender !== null) this.handles.get(frame.sender)?.event(frame.plugin, frame.jsep)
        return
      }
      case 'webrtcup':
      case 'hangup':
      case 'detached':
        if (frame.sender !== null) this.handles.get(frame.sender)?.media(frame.kind)
        return
      case 'timeout':
        this.end()
        return
      default:
        return
    }
  }

  private settle(transaction: string, answer: Answer): void {
    const pending = this.pending.get(transaction)
    if (!pending) return
    this.pending.delete(transaction)
    clearTimeout(pending.timer)
    pending.resolve(answer)
  }

  private fail(transaction: string, error: Error): void {
    const pending = this.pending.get(transaction)
    if (!pending) return
    this.pending.delete(transaction)
    clearTimeout(pending.timer)
    pending.reject(error)
  }

  private end(tell = true): void {
    if (this.gone) return
    this.gone = true
    if (this.keepalive !== null) clearInterval(this.keepalive)
    for (const [transaction] of this.pending) this.fail(transaction, new Error('The session is gone'))
    this.handles.clear()
    if (tell) this.deps.onGone()
  }
}

/** A plugin's refusal inside an event (`error_code`, `error`). */
function pluginError(data: unknown): JanusError | null {
  if (typeof data !== 'object' || data === null || !('error_code' in data)) return null
  const code = typeof data.error_code === 'number' ? data.error_code : 0
  const reason = 'error' in data && typeof data.error === 'string' ? data.error : 'refused'
  return new JanusError(code, reason)
}

/** One handle on the VideoRoom plugin. */
export class JanusHandle {
  private readonly session: JanusSession
  private readonly sessionId: number
  readonly id: number

  constructor(session: JanusSession, sessionId: number, id: number) {
    this.session = session
    this.sessionId = sessionId
    this.id = id
  }

  /** A plugin request; resolves with the plugin's answer (its event's data). */
  async message(body: object, jsep?: Jsep): Promise<unknown> {
    const request: JanusRequest = {
      janus: 'message',
      session_id: this.sessionId,
      handle_id: this.id,
      body,
      ...(jsep ? { jsep } : {}),
    }
    return (await this.session.request(request, false)).data
  }

  /** A local ICE candidate for Janus (null: gathering is complete). */
  trickle(candidate: JanusCandidate | null): void {
    void this.session
      .request(
        {
          janus: 'trickle',
          session_id: this.sessionId,
          handle_id: this.id,
          candidate: candidate ?? { completed: true },
        },
        true,
      )
      .catch(() => undefined)
  }
}
