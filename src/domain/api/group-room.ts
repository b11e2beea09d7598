import * as v from 'valibot'
import { idSchema, roleSchema } from './common.ts'
import { chatMessageSchema, mediaStateSchema, recordingNoticeSchema, signalDataSchema } from './room.ts'

// The group room (docs/lesson-room-protocol.md "The group room"): a group meeting's teacher and
// enrolled students in one call. Media go through the group server (Janus's VideoRoom) or, for a
// small class with no group server, peer to peer between every pair (the mesh); presence, hands,
// the teacher's moderation and the chat go through the room's own socket, keyed by the meeting.

/** A small class may fall back to the mesh when no group server is configured. */
export const MESH_MAX_STUDENTS = 4
/** A teacher and at most this many students share a group room. */
export const GROUP_ROOM_MAX_STUDENTS = 12

/** One person in the room, as every page sees them. */
export const groupParticipantSchema = v.object({
  user_id: idSchema,
  /** First and last name as the school knows them. */
  name: v.string(),
  role: roleSchema,
  /** The participant's publisher id in the group server's room (Janus feed id); null in the mesh. */
  feed_id: v.nullable(v.number()),
  ...mediaStateSchema.entries,
  /** The teacher muted this student's microphone; only the student can turn it back on. */
  muted_by_teacher: v.boolean(),
  hand_raised: v.boolean(),
})
export type GroupParticipant = v.InferOutput<typeof groupParticipantSchema>

/**
 * A ticket to enter the VideoRoom once: issued over the authenticated socket (so a borrowed room
 * token admits no one), short-lived, and asked for again after every reconnection.
 */
export const janusTicketSchema = v.object({
  room: v.number(),
  feed_id: v.number(),
  /** The VideoRoom's per-join token (its `allowed` list). */
  token: v.string(),
  expires_at: v.string(),
})
export type JanusTicket = v.InferOutput<typeof janusTicketSchema>

const userIdField = v.pipe(v.string(), v.uuid())

/** Frames a group room's socket accepts beyond the one-to-one room's (auth, state, bye, ping). */
export const groupClientMessageSchema = v.variant('type', [
  /** Asks for a ticket into the meeting's VideoRoom (first join and every rejoin). */
  v.object({ type: v.literal('janus-ticket') }),
  /** Mesh only: a session description or candidate for one other participant. */
  v.object({ type: v.literal('signal'), to: userIdField, data: signalDataSchema }),
  /** A student raises or lowers their hand. */
  v.object({ type: v.literal('hand'), raised: v.boolean() }),
  /** Teacher only. */
  v.object({ type: v.literal('mute'), user_id: userIdField }),
  v.object({ type: v.literal('lower-hands') }),
  /** Teacher only: the student leaves and cannot rejoin this meeting. */
  v.object({ type: v.literal('remove'), user_id: userIdField }),
])
export type GroupClientMessage = v.InferOutput<typeof groupClientMessageSchema>

export const groupServerMessageSchema = v.variant('type', [
  /** The first frame: who is here (the caller included), until when, and the caller's own id. */
  v.object({
    type: v.literal('group-welcome'),
    participants: v.array(groupParticipantSchema),
    closes_at: v.string(),
  }),
  v.object({ type: v.literal('participant-joined'), participant: groupParticipantSchema }),
  /** `removed`: the teacher removed them; `lost`: the connection dropped, they may come back. */
  v.object({
    type: v.literal('participant-left'),
    user_id: idSchema,
    reason: v.picklist(['left', 'lost', 'removed']),
  }),
  v.object({ type: v.literal('participant-state'), user_id: idSchema, ...mediaStateSchema.entries }),
  v.object({ type: v.literal('hand'), user_id: idSchema, raised: v.boolean() }),
  v.object({ type: v.literal('hands-lowered') }),
  /** The teacher muted `user_id`'s microphone: that page turns it off, every page shows it. */
  v.object({ type: v.literal('muted'), user_id: idSchema }),
  v.object({ type: v.literal('janus-ticket'), ticket: janusTicketSchema }),
  /** Mesh only: from one other participant. */
  v.object({ type: v.literal('signal'), from: idSchema, data: signalDataSchema }),
  v.object({ type: v.literal('chat'), message: chatMessageSchema }),
  v.object({ type: v.literal('recording'), ...recordingNoticeSchema.entries }),
  v.object({ type: v.literal('closed'), reason: v.literal('window_ended') }),
  v.object({
    type: v.literal('cancelled'),
    by: v.picklist(['teacher', 'school']),
    reason: v.nullable(v.string()),
  }),
  v.object({ type: v.literal('pong') }),
])
export type GroupServerMessage = v.InferOutput<typeof groupServerMessageSchema>

/** The group room's own close code beyond the one-to-one room's: the teacher removed this person. */
export const GROUP_ROOM_CLOSE = { removed: 4412 } as const
