import * as v from 'valibot'
import {
  type GroupClientMessage,
  type GroupParticipant,
  groupClientMessageSchema,
  groupParticipantSchema,
} from '../../../domain/api/group-room.ts'
import {
  chatMessageSchema,
  mediaStateSchema,
  type RoomClientMessage,
  recordingNoticeSchema,
  roomClientMessageSchema,
  signalDataSchema,
} from '../../../domain/api/room.ts'
import type { ParticipantRow, RosterEntry } from './group-repository.ts'
import { frameJson } from './room-messages.ts'

// The group room's events on the room's channel (room-bus.ts), keyed by the meeting (`g`), and the
// database's own (`access`, `cancelled`) which the one-to-one room hears too.

const uuid = v.pipe(v.string(), v.uuid())

export const groupEventSchema = v.variant('k', [
  // `p`: the participant as every page sees them; `c` the connection, `t` when it opened (ms).
  v.object({ k: v.literal('g-joined'), g: uuid, u: uuid, c: uuid, t: v.number(), p: groupParticipantSchema }),
  v.object({ k: v.literal('g-left'), g: uuid, u: uuid, w: v.picklist(['left', 'lost', 'removed']) }),
  v.object({ k: v.literal('g-state'), g: uuid, u: uuid, s: mediaStateSchema }),
  v.object({ k: v.literal('g-hand'), g: uuid, u: uuid, r: v.boolean() }),
  v.object({ k: v.literal('g-lowered'), g: uuid }),
  v.object({ k: v.literal('g-muted'), g: uuid, u: uuid }),
  v.object({ k: v.literal('g-signal'), g: uuid, u: uuid, to: uuid, d: signalDataSchema }),
  v.object({ k: v.literal('g-chat'), g: uuid, m: chatMessageSchema }),
  v.object({ k: v.literal('g-recording'), g: uuid, n: recordingNoticeSchema }),
  v.object({ k: v.literal('access'), u: uuid }),
  v.object({ k: v.literal('cancelled'), l: uuid, b: v.nullable(uuid), r: v.nullable(v.string()) }),
])
export type GroupEvent = v.InferOutput<typeof groupEventSchema>

/** A roster entry with what is stored of them (nothing yet: all off). */
export function participantOf(
  entry: RosterEntry,
  row: ParticipantRow | undefined,
  feedId: number | null,
): GroupParticipant {
  return {
    user_id: entry.userId,
    name: entry.name,
    role: entry.role,
    feed_id: feedId,
    microphone: row?.microphone ?? false,
    camera: row?.camera ?? false,
    screen: row?.screen ?? false,
    muted_by_teacher: row?.mutedByTeacher ?? false,
    hand_raised: row?.handRaised ?? false,
  }
}

/** A group socket's frame: the group's own first (its `signal` names the receiver), else the room's. */
export type GroupFrame = GroupClientMessage | Exclude<RoomClientMessage, { type: 'signal' }>

export function readFrame(data: unknown, isBinary: boolean): GroupFrame | null {
  const json = frameJson(data, isBinary)
  const group = v.safeParse(groupClientMessageSchema, json)
  if (group.success) return group.output
  const room = v.safeParse(roomClientMessageSchema, json)
  return room.success && room.output.type !== 'signal' ? room.output : null
}
