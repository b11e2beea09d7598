import type pg from 'pg'

// What other processes change, as it commits (docs/decisions.md "Cross-process invalidation"):
// triggers (migration 0004) NOTIFY the channel below with `<origin>|<kind>|<id>` for every row a
// transaction changes that a process may hold in memory — PostgreSQL delivers the notifications
// when, and only if, the transaction commits, deduplicated within it. `origin` is the writer's
// application_name; a process skips its own changes, which it has marked already.
//
// The connection that listens is also this process's lasting presence on a shared embedded
// cluster (embedded/shared-cluster.ts). When it breaks, notifications may have been missed: the
// feed reconnects and tells its subscribers that anything may have changed.

export const CHANGES_CHANNEL = 'lektorium_changes'
/** The lesson room's events across processes (modules/room/room-bus.ts), on the same connection. */
export const ROOM_CHANNEL = 'lektorium_room'

export type Change =
  /** A teacher's public data, languages, allowed students, slots or lessons. */
  | { kind: 'teacher'; id: string }
  /** A student's lessons. */
  | { kind: 'student'; id: string }
  /** A user's row or sessions: what a session cache answers for them. */
  | { kind: 'user'; id: string }
  /** The settings (the grace period the board holds). */
  | { kind: 'settings' }

/** A change, or null: the feed was cut off and anything may have changed meanwhile. */
export type ChangeHandler = (change: Change | null) => void

export type ChangeFeed = {
  subscribe(handler: ChangeHandler): () => void
  /** Payloads of ROOM_CHANNEL, every process's own included; null after a reconnect. */
  subscribeRoom(handler: (payload: string | null) => void): () => void
  close(): Promise<void>
}

export type FeedLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void }

const KINDS = { t: 'teacher', s: 'student', u: 'user' } as const
const CODES = { teacher: 't', student: 's', user: 'u' } as const

/** The payload's `<kind>|<id>` part, as the triggers write it (migration 0005). */
export function encodeChange(change: Change): string {
  if (change.kind === 'settings') return 'g|'
  return `${CODES[change.kind]}|${change.id}`
}

export function parseChange(payload: string, origin: string): Change | undefined {
  const [from, kind, id] = payload.split('|')
  if (from === origin) return undefined
  if (kind === 'g') return { kind: 'settings' }
  if (!id) return undefined
  if (kind === 't' || kind === 's' || kind === 'u') return { kind: KINDS[kind], id }
  return undefined
}

const RETRY_MS = [100, 500, 1000, 2000, 5000]

/**
 * Listens through a client that `connect` opens (for the embedded cluster it also makes sure the
 * cluster runs). Resolves once listening.
 */
export async function openChangeFeed(
  connect: () => Promise<pg.Client>,
  origin: string,
  log: FeedLog,
): Promise<ChangeFeed> {
  const handlers = new Set<ChangeHandler>()
  const roomHandlers = new Set<(payload: string | null) => void>()
  let client: pg.Client | null = null
  let closed = false
  let retry: NodeJS.Timeout | undefined

  const emit = (change: Change | null) => {
    for (const handler of handlers) handler(change)
    if (change === null) for (const handler of roomHandlers) handler(null)
  }

  const listen = async (): Promise<void> => {
    const next = await connect()
    next.on('notification', (message) => {
      if (message.channel === ROOM_CHANNEL) {
        for (const handler of roomHandlers) handler(message.payload ?? '')
        return
      }
      const change = message.payload ? parseChange(message.payload, origin) : undefined
      if (change) emit(change)
    })
    next.on('error', (err) => log.error({ err }, 'the change feed lost its connection'))
    next.on('end', () => {
      if (closed || client !== next) return
      client = null
      reconnect(0)
    })
    await next.query(`LISTEN ${CHANGES_CHANNEL}; LISTEN ${ROOM_CHANNEL}`)
    if (closed) await next.end()
    else client = next
  }

  const reconnect = (attempt: number) => {
    retry = setTimeout(
      () => {
        listen().then(
          () => {
            log.info({ attempt }, 'the change feed reconnected')
            emit(null)
          },
          (err: unknown) => {
            log.error({ err }, 'the change feed could not reconnect')
            if (!closed) reconnect(attempt + 1)
          },
        )
      },
      RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)],
    )
  }

  await listen()
  return {
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    subscribeRoom(handler) {
      roomHandlers.add(handler)
      return () => roomHandlers.delete(handler)
    },
    async close() {
      closed = true
      clearTimeout(retry)
      const last = client
      client = null
      await last?.end().catch(() => undefined)
    },
  }
}
