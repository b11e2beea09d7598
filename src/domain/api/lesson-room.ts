import * as v from 'valibot'
import { envelope, idSchema, roleSchema } from './common.ts'

// The lesson room's contract (docs/lesson-room-protocol.md, issue #13): the token answer, the
// signalling frames, the chat and the attendance interactions. The web reads every answer and
// every frame through these schemas; the server validates what it receives with them.

/** protocol §3: a chat message is 1–1000 characters after trim. */
export const CHAT_MESSAGE_MAX = 1000

/** protocol §2: JSON text frames of at most 64 KiB. */
export const SIGNAL_FRAME_MAX_BYTES = 64 * 1024

export const iceServerSchema = v.object({
  urls: v.union([v.string(), v.array(v.string())]),
  username: v.optional(v.string()),
  credential: v.optional(v.string()),
})

/** protocol §1: the providers a token may name; only `builtin` exists until issue #14. */
export const roomProviderSchema = v.picklist(['builtin', 'vonage', 'learncube'])
export type RoomProvider = v.InferOutput<typeof roomProviderSchema>

export const roomTokenSchema = v.object({
  token: v.string(),
  provider: roomProviderSchema,
  signalling_url: v.string(),
  ice_servers: v.array(iceServerSchema),
  ice_transport_policy: v.picklist(['all', 'relay']),
  lesson_id: idSchema,
  user_id: idSchema,
  role: roleSchema,
  polite: v.boolean(),
  starts_at: v.string(),
  ends_at: v.string(),
  closes_at: v.string(),
})
export type RoomToken = v.InferOutput<typeof roomTokenSchema>
export const roomTokenResponse = envelope(roomTokenSchema)

export const chatMessageSchema = v.object({
  id: v.union([v.number(), v.string()]),
  client_id: v.string(),
  lesson_id: idSchema,
  author_id: idSchema,
  author_role: roleSchema,
  body: v.string(),
  created_at: v.string(),
})
export type ChatMessage = v.InferOutput<typeof chatMessageSchema>
export const chatListResponse = envelope(v.array(chatMessageSchema))
export const chatMessageResponse = envelope(chatMessageSchema)

export const interactionKindSchema = v.picklist([
  'joined',
  'left',
  'reconnected',
  'camera_on',
  'camera_off',
  'microphone_on',
  'microphone_off',
  'screen_share_on',
  'screen_share_off',
])
export type InteractionKind = v.InferOutput<typeof interactionKindSchema>
export const interactionResponse = envelope(v.object({ id: v.union([v.number(), v.string()]) }))

/** What one side relays to the other: a description, a candidate, or the end of candidates. */
export const signalDataSchema = v.object({
  description: v.optional(
    v.object({ type: v.picklist(['offer', 'answer', 'pranswer', 'rollback']), sdp: v.optional(v.string()) }),
  ),
  candidate: v.optional(
    v.nullable(
      v.object({
        candidate: v.optional(v.string()),
        sdpMid: v.optional(v.nullable(v.string())),
        sdpMLineIndex: v.optional(v.nullable(v.number())),
        usernameFragment: v.optional(v.nullable(v.string())),
      }),
    ),
  ),
})
export type SignalData = v.InferOutput<typeof signalDataSchema>

/** protocol §2, server → client. */
export const serverFrameSchema = v.variant('type', [
  v.object({ type: v.literal('welcome'), peer_present: v.boolean(), closes_at: v.string() }),
  v.object({ type: v.literal('peer-joined') }),
  v.object({ type: v.literal('peer-left') }),
  v.object({ type: v.literal('signal'), data: signalDataSchema }),
  v.object({ type: v.literal('chat'), message: chatMessageSchema }),
  v.object({ type: v.literal('closed'), reason: v.string() }),
  v.object({ type: v.literal('pong') }),
])
export type ServerFrame = v.InferOutput<typeof serverFrameSchema>

/** protocol §2, client → server. */
export type ClientFrame = { type: 'signal'; data: SignalData } | { type: 'ping' }

/** protocol §2 close codes the client acts on. */
export const ROOM_CLOSE = {
  windowEnded: 4000,
  unauthorized: 4401,
  forbidden: 4403,
  replaced: 4409,
} as const
