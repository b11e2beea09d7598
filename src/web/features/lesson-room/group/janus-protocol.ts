import * as v from 'valibot'

// Janus's own API over its WebSocket transport (subprotocol "janus-protocol"), the parts the
// group room uses: a session (made with the core token, kept alive), handles on the VideoRoom
// plugin, their messages (answered by an ack, then an event carrying the same transaction) and
// trickled candidates. What comes back is read here into plain shapes; nothing here touches a
// socket, so it is tested as is.

export const JANUS_SUBPROTOCOL = 'janus-protocol'
export const VIDEOROOM_PLUGIN = 'janus.plugin.videoroom'
/** Janus ends a session after 60 s without a request (its default session_timeout). */
export const KEEPALIVE_EVERY_MS = 25_000

export type Jsep = { type: 'offer' | 'answer'; sdp: string }
export type JanusCandidate = { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null }

/** What the page sends Janus, before its transaction and token are added. */
export type JanusRequest =
  | { janus: 'create' }
  | { janus: 'attach'; session_id: number; plugin: string }
  | { janus: 'keepalive'; session_id: number }
  | { janus: 'destroy'; session_id: number }
  | { janus: 'detach'; session_id: number; handle_id: number }
  | { janus: 'message'; session_id: number; handle_id: number; body: object; jsep?: Jsep }
  | {
      janus: 'trickle'
      session_id: number
      handle_id: number
      candidate: JanusCandidate | { completed: true }
    }

/** A request with its transaction and the core token (token_auth): every request carries both. */
export function framed(request: JanusRequest, transaction: string, token: string): string {
  return JSON.stringify({ ...request, transaction, token })
}

const jsepSchema = v.object({ type: v.picklist(['offer', 'answer']), sdp: v.string() })

const incomingSchema = v.looseObject({
  janus: v.string(),
  transaction: v.optional(v.string()),
  session_id: v.optional(v.number()),
  sender: v.optional(v.number()),
  data: v.optional(v.looseObject({ id: v.optional(v.number()) })),
  error: v.optional(v.looseObject({ code: v.optional(v.number()), reason: v.optional(v.string()) })),
  plugindata: v.optional(v.looseObject({ plugin: v.optional(v.string()), data: v.optional(v.unknown()) })),
  jsep: v.optional(jsepSchema),
  reason: v.optional(v.string()),
  type: v.optional(v.string()),
  receiving: v.optional(v.boolean()),
})

/** One frame from Janus, read. */
export type JanusIncoming =
  /** `create` / `attach` done: the new session's or handle's id. */
  | { kind: 'success'; transaction: string | null; id: number | null; sender: number | null; plugin: unknown }
  | { kind: 'error'; transaction: string | null; code: number; reason: string }
  /** A request was taken; a plugin's answer follows as an event. */
  | { kind: 'ack'; transaction: string | null }
  | { kind: 'event'; transaction: string | null; sender: number | null; plugin: unknown; jsep: Jsep | null }
  /** A handle's PeerConnection is up, or went down (`hangup`), or its handle went (`detached`). */
  | { kind: 'webrtcup' | 'hangup' | 'detached'; sender: number | null; reason: string | null }
  /** The session expired on Janus's side (no keepalive in time): it is gone. */
  | { kind: 'timeout' }
  | { kind: 'other'; janus: string }

export function readIncoming(raw: string): JanusIncoming | null {
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return null
  }
  const parsed = v.safeParse(incomingSchema, json)
  if (!parsed.success) return null
  const frame = parsed.output
  const transaction = frame.transaction ?? null
  const sender = frame.sender ?? null
  switch (frame.janus) {
    case 'success':
      return {
        kind: 'success',
        transaction,
        id: frame.data?.id ?? null,
        sender,
        plugin: frame.plugindata?.data,
      }
    case 'error':
      return {
        kind: 'error',
        transaction,
        code: frame.error?.code ?? 0,
        reason: frame.error?.reason ?? 'unknown error',
      }
    case 'ack':
      return { kind: 'ack', transaction }
    case 'event':
      return { kind: 'event', transaction, sender, plugin: frame.plugindata?.data, jsep: frame.jsep ?? null }
    case 'webrtcup':
    case 'hangup':
    case 'detached':
      return { kind: frame.janus, sender, reason: frame.reason ?? null }
    case 'timeout':
      return { kind: 'timeout' }
    default:
      return { kind: 'other', janus: frame.janus }
  }
}

/** A plugin answered with an error (`error_code` and `error` in its data). */
export class JanusError extends Error {
  readonly code: number
  constructor(code: number, reason: string) {
    super(`Janus: ${reason} (${code})`)
    this.code = code
  }
}
