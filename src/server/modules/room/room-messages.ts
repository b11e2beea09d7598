import * as v from 'valibot'
import {
  type RoomClientMessage,
  type RoomServerMessage,
  roomClientMessageSchema,
} from '../../../domain/api/room.ts'
import type { SocketParty, SocketPeer } from './socket-rooms.ts'

/** A lesson's party as the hub admits it: who, which session, and the room's bounds. */
export type RoomParty = SocketParty & { otherId: string }

/** One socket of a lesson's party in its room on this process. */
export type Peer = SocketPeer<RoomParty, RoomServerMessage>

/** A frame's bytes as ws gives them (a Buffer, fragments of one, or an ArrayBuffer), else null. */
export function frameBuffer(data: unknown): Buffer | null {
  if (Buffer.isBuffer(data)) return data
  if (Array.isArray(data) && data.every((part) => Buffer.isBuffer(part))) return Buffer.concat(data)
  if (data instanceof ArrayBuffer) return Buffer.from(data)
  return null
}

/** A text frame's JSON, else undefined (a binary frame, or not JSON). */
export function frameJson(data: unknown, isBinary: boolean): unknown {
  const text = isBinary ? null : (frameBuffer(data)?.toString('utf8') ?? null)
  if (text === null) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A client's frame (protocol §2): a JSON text frame of a known type, else null (closed 1003). */
export function readMessage(data: unknown, isBinary: boolean): RoomClientMessage | null {
  const parsed = v.safeParse(roomClientMessageSchema, frameJson(data, isBinary))
  return parsed.success ? parsed.output : null
}
