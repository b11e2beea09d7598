import * as v from 'valibot'
import type { WebSocket } from 'ws'
import {
  type RoomClientMessage,
  type RoomServerMessage,
  roomClientMessageSchema,
} from '../../../domain/api/room.ts'
import type { Party } from './connections-repository.ts'
import type { SocketAllowance } from './room-limits.ts'

/** A lesson's party as the hub admits it: who, which session, and the room's bounds. */
export type RoomParty = Party & { sessionId: string; otherId: string; closesAt: Date }

/** One socket of a party in a room on this process. */
export type Peer = RoomParty & {
  socket: WebSocket
  allowance: SocketAllowance
  releaseAllowance: () => void
  /** It said `bye`: the other side is told it left, not that its connection was lost. */
  saidBye: boolean
  /** Its room_connections row, once written. */
  connectionId: string | null
  /** When it entered, by the server's clock (its row's joined_at): the newer of a user's sockets stays. */
  openedAt: number
  /** Real time of the last frame heard (the network's silence, not the lesson's clock). */
  lastHeard: number
  /** joining: until the welcome is sent (frames wait in `queue`); gone: left the room. */
  state: 'joining' | 'open' | 'gone'
  queue: RoomServerMessage[]
  replaced: boolean
}

/** A frame's bytes as ws gives them (a Buffer, fragments of one, or an ArrayBuffer), else null. */
export function frameBuffer(data: unknown): Buffer | null {
  if (Buffer.isBuffer(data)) return data
  if (Array.isArray(data) && data.every((part) => Buffer.isBuffer(part))) return Buffer.concat(data)
  if (data instanceof ArrayBuffer) return Buffer.from(data)
  return null
}

/** A client's frame (protocol §2): a JSON text frame of a known type, else null (closed 1003). */
export function readMessage(data: unknown, isBinary: boolean): RoomClientMessage | null {
  const text = isBinary ? null : (frameBuffer(data)?.toString('utf8') ?? null)
  if (text === null) return null
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  const parsed = v.safeParse(roomClientMessageSchema, json)
  return parsed.success ? parsed.output : null
}
