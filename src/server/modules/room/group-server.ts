import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { JanusConfig, JanusServer } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { createJanusClient, type JanusClient } from '../../platform/janus-client.ts'
import { janusCoreToken } from '../../platform/janus-token.ts'
import { type GroupRoomRow, pinGroupRoom } from './group-repository.ts'

// The group room on the group server (docs/lesson-room-protocol.md "The group room"): each
// meeting's VideoRoom, pinned to one of the Janus servers when first needed and kept in
// group_rooms, so every process and every restart finds it on the same server. The room's number
// and each participant's feed id follow from the meeting's and the user's ids; the room's secret
// from JANUS_TOKEN_SECRET — nothing secret is stored.

/** How long a ticket into the VideoRoom stays on its `allowed` list. */
export const TICKET_TTL_MS = 30_000

export type Ticket = { room: number; feedId: number; token: string; expiresAt: Date; server: string }

export type GroupServers = {
  /** The meeting's room, made on its server when missing (after a restart of Janus too). */
  ensureRoom(db: Db, meetingId: string, now: Date): Promise<GroupRoomRow>
  /** The server's address as browsers reach it. */
  publicUrl(room: GroupRoomRow): string
  /** A core token valid until `closesAt` (the app's clock), by Janus's clock. */
  coreToken(closesAt: Date, now: Date): string
  /** A fresh ticket on the room's `allowed` list for TICKET_TTL_MS. */
  issueTicket(room: GroupRoomRow, userId: string, now: Date): Promise<Ticket>
  /** Takes tickets off the room's `allowed` list. */
  revoke(room: Pick<Ticket, 'room' | 'server'>, tokens: string[]): Promise<void>
  kick(room: GroupRoomRow, feedId: number): Promise<void>
  destroy(room: GroupRoomRow): Promise<void>
  close(): Promise<void>
}

/** A 48-bit number from `parts` (well inside JavaScript's safe integers, never 0). */
const numberOf = (...parts: string[]) =>
  Number.parseInt(createHash('sha256').update(parts.join(':')).digest('hex').slice(0, 12), 16) || 1

export const roomNumberOf = (meetingId: string) => numberOf('room', meetingId)
/** The participant's publisher id in the meeting's room: the same at every join. */
export const feedIdOf = (meetingId: string, userId: string) => numberOf('feed', meetingId, userId)

export function createGroupServers(config: JanusConfig): GroupServers {
  const clients = new Map<string, JanusClient>()
  const serverOf = (url: string): JanusServer | undefined =>
    config.servers.find((server) => server.url === url)
  const clientOf = (url: string) => {
    let client = clients.get(url)
    if (!client) {
      client = createJanusClient({ url, tokenSecret: config.tokenSecret, adminKey: config.adminKey })
      clients.set(url, client)
    }
    return client
  }
  const secretOf = (room: number) =>
    createHmac('sha256', config.tokenSecret).update(`room:${room}`).digest('base64url')
  const configured = (row: GroupRoomRow) => {
    if (!serverOf(row.server))
      throw new Error(`the group room's server ${row.server} is no longer configured`)
    return clientOf(row.server)
  }

  return {
    async ensureRoom(db, meetingId, now) {
      // A new meeting goes to the server its id falls on: spread evenly, decided once.
      const index = numberOf('server', meetingId) % config.servers.length
      const server = config.servers[index] ?? config.servers[0]
      if (!server) throw new Error('no group server configured')
      const room = roomNumberOf(meetingId)
      const row = await pinGroupRoom(db, { meetingId, server: server.url, room, createdAt: now })
      await configured(row).createRoom({
        room: row.room,
        secret: secretOf(row.room),
        description: `Lektorium ${meetingId}`,
        allowed: [],
      })
      return row
    },
    publicUrl: (row) => serverOf(row.server)?.publicUrl ?? '',
    coreToken(closesAt, now) {
      // Janus checks the expiry by the real clock; the join window is by the app's.
      return janusCoreToken(config.tokenSecret, new Date(Date.now() + (closesAt.getTime() - now.getTime())))
    },
    async issueTicket(row, userId, now) {
      const token = randomBytes(24).toString('base64url')
      await configured(row).allow(row.room, secretOf(row.room), 'add', [token])
      const meetingFeed = feedIdOf(row.meetingId, userId)
      return {
        room: row.room,
        feedId: meetingFeed,
        token,
        expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
        server: row.server,
      }
    },
    async revoke(room, tokens) {
      if (tokens.length === 0 || !serverOf(room.server)) return
      await clientOf(room.server).allow(room.room, secretOf(room.room), 'remove', tokens)
    },
    kick: (row, feedId) => configured(row).kick(row.room, secretOf(row.room), feedId),
    destroy: (row) => configured(row).destroy(row.room, secretOf(row.room)),
    async close() {
      await Promise.all([...clients.values()].map((client) => client.close()))
      clients.clear()
    },
  }
}
