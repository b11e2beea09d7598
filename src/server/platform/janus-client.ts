import { randomUUID } from 'node:crypto'
import { janusCoreToken, VIDEOROOM_PLUGIN } from './janus-token.ts'

// The VideoRoom of one Janus server through its HTTP API (global fetch): one session and one
// plugin handle, kept alive while used and made again when Janus forgot them (a restart, a
// timeout). Every request carries a core token of this server's own, signed fresh.

export type JanusRoomOptions = {
  room: number
  /** The room's own secret: every later change to the room needs it. */
  secret: string
  description: string
  /** Tokens allowed in at creation (the VideoRoom's `allowed` list; empty: nobody yet). */
  allowed: string[]
}

export type JanusParticipant = { id: number; display: string | undefined; publisher: boolean }

export type JanusClient = {
  /** Creates the room (not permanent), or leaves it be when it exists. */
  createRoom(options: JanusRoomOptions): Promise<void>
  exists(room: number): Promise<boolean>
  allow(room: number, secret: string, action: 'add' | 'remove', tokens: string[]): Promise<void>
  kick(room: number, secret: string, feedId: number): Promise<void>
  destroy(room: number, secret: string): Promise<void>
  listParticipants(room: number): Promise<JanusParticipant[]>
  close(): Promise<void>
}

/** Janus's error of a request, with its code (e.g. 426 no such room, 458 no such session). */
export class JanusError extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(`Janus ${code}: ${message}`)
    this.code = code
  }
}

/** Janus forgets a session after 60 s without a request; a keepalive every 25 s holds it. */
const KEEPALIVE_MS = 25_000
const REQUEST_TIMEOUT_MS = 10_000
const NO_SUCH_SESSION = 458
const NO_SUCH_HANDLE = 459
const VIDEOROOM_NO_SUCH_ROOM = 426
const VIDEOROOM_ROOM_EXISTS = 427
const VIDEOROOM_NO_SUCH_FEED = 428

type Reply = Record<string, unknown>
const isRecord = (value: unknown): value is Reply => typeof value === 'object' && value !== null

export function createJanusClient(options: {
  url: string
  tokenSecret: string
  adminKey: string
}): JanusClient {
  const { url, tokenSecret, adminKey } = options
  let handle: Promise<{ session: number; handle: number }> | null = null
  let keepalive: NodeJS.Timeout | null = null

  async function post(path: string, body: Reply): Promise<Reply> {
    // The server's own token: a minute is plenty for one request.
    const token = janusCoreToken(tokenSecret, new Date(Date.now() + 60_000))
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, transaction: randomUUID(), token }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const reply: unknown = await response.json()
    if (!isRecord(reply)) throw new JanusError(0, 'not a JSON object')
    if (reply.janus === 'error') {
      const error = isRecord(reply.error) ? reply.error : {}
      throw new JanusError(Number(error.code ?? 0), String(error.reason ?? 'error'))
    }
    return reply
  }

  const idOf = (reply: Reply) => {
    const data = isRecord(reply.data) ? reply.data : {}
    if (typeof data.id !== 'number') throw new JanusError(0, 'no id in the answer')
    return data.id
  }

  async function open() {
    const session = idOf(await post('', { janus: 'create' }))
    const attached = idOf(await post(`/${session}`, { janus: 'attach', plugin: VIDEOROOM_PLUGIN }))
    if (keepalive) clearInterval(keepalive)
    keepalive = setInterval(() => {
      post(`/${session}`, { janus: 'keepalive' }).catch(() => {
        // Forgotten meanwhile: the next request opens a new session.
        handle = null
      })
    }, KEEPALIVE_MS)
    keepalive.unref()
    return { session, handle: attached }
  }

  /** A synchronous VideoRoom request; its `plugindata.data`, or the VideoRoom's error thrown. */
  async function videoroom(body: Reply, retry = true): Promise<Reply> {
    handle ??= open().catch((error: unknown) => {
      handle = null
      throw error
    })
    const ids = await handle
    try {
      const reply = await post(`/${ids.session}/${ids.handle}`, { janus: 'message', body })
      const plugindata = isRecord(reply.plugindata) ? reply.plugindata : {}
      const data = isRecord(plugindata.data) ? plugindata.data : {}
      if (data.videoroom === 'event' && typeof data.error_code === 'number') {
        throw new JanusError(data.error_code, String(data.error ?? 'error'))
      }
      return data
    } catch (error) {
      const lost = error instanceof JanusError && [NO_SUCH_SESSION, NO_SUCH_HANDLE].includes(error.code)
      if (!lost || !retry) throw error
      handle = null
      return videoroom(body, false)
    }
  }

  const ignoring = (code: number) => (error: unknown) => {
    if (!(error instanceof JanusError && error.code === code)) throw error
  }

  return {
    async createRoom(room) {
      await videoroom({
        request: 'create',
        admin_key: adminKey,
        room: room.room,
        permanent: false,
        description: room.description,
        secret: room.secret,
        is_private: true,
        publishers: 13,
        audiolevel_event: true,
        videocodec: 'vp8',
        audiocodec: 'opus',
        allowed: room.allowed,
      }).catch(ignoring(VIDEOROOM_ROOM_EXISTS))
    },
    async exists(room) {
      const data = await videoroom({ request: 'exists', room })
      return data.exists === true
    },
    async allow(room, secret, action, tokens) {
      await videoroom({ request: 'allowed', room, secret, action, allowed: tokens })
    },
    async kick(room, secret, feedId) {
      await videoroom({ request: 'kick', room, secret, id: feedId }).catch(ignoring(VIDEOROOM_NO_SUCH_FEED))
    },
    async destroy(room, secret) {
      await videoroom({ request: 'destroy', room, secret, permanent: false }).catch(
        ignoring(VIDEOROOM_NO_SUCH_ROOM),
      )
    },
    async listParticipants(room) {
      const data = await videoroom({ request: 'listparticipants', room })
      const list = Array.isArray(data.participants) ? data.participants : []
      return list.filter(isRecord).map((p) => ({
        id: Number(p.id),
        display: typeof p.display === 'string' ? p.display : undefined,
        publisher: p.publisher === true,
      }))
    },
    async close() {
      if (keepalive) clearInterval(keepalive)
      keepalive = null
      const current = handle
      handle = null
      const ids = await current?.catch(() => null)
      if (ids) await post(`/${ids.session}`, { janus: 'destroy' }).catch(() => undefined)
    },
  }
}
