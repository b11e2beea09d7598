import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import { storableString } from '../validation/storable-text.ts'
import { envelope, idSchema, roleSchema } from './common.ts'
import { RECORDING_STREAMS } from './recordings.ts'

// The lesson room (docs/lesson-room-protocol.md): the token of lessons/generate_token, the
// signalling socket's messages, the chat stored with the lesson and the attendance record
// (lesson_interactions/create).

const lessonIdField = v.pipe(v.string(issue('required')), v.uuid(issue('invalid')))

/** Text frames of the signalling socket are at most 64 KiB (protocol §2). */
export const ROOM_MESSAGE_MAX_BYTES = 64 * 1024
/** protocol §3: a chat message holds 1–1000 characters after trim. */
export const CHAT_BODY_MAX = 1000

// ---- §1 token ----

export const generateTokenSchema = v.object({ lesson_id: lessonIdField })

/** What LearnCube's classroom script sends back to the validation URL it was given. */
export const learncubeValidateQuery = v.object({
  grant: v.pipe(v.string(issue('required')), v.maxLength(1000, issue('invalid'))),
})

export const iceServerSchema = v.object({
  urls: v.array(v.string()),
  username: v.optional(v.string()),
  credential: v.optional(v.string()),
})
export type IceServer = v.InferOutput<typeof iceServerSchema>

/** What every provider's answer says of the lesson and the caller. */
const roomTokenBase = {
  lesson_id: idSchema,
  user_id: idSchema,
  role: roleSchema,
  starts_at: v.string(),
  ends_at: v.string(),
  /** The end of the join window (product-rules.md "Join window"): the room closes then. */
  closes_at: v.string(),
}

/** The room's own socket (protocol §2): presence, chat, recording notices, the window's end. */
const roomSocket = {
  /** Proves the caller on the socket (protocol §1), valid until `closes_at`. */
  token: v.string(),
  /** The WebSocket path on the same origin (protocol §2). */
  signalling_url: v.string(),
}

export const VIDEO_PROVIDERS = ['builtin', 'vonage', 'learncube'] as const
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number]

/** protocol §1 `builtin`: WebRTC peer to peer, signalled through the room's socket. */
export const builtinRoomTokenSchema = v.object({
  provider: v.literal('builtin'),
  ...roomSocket,
  ...roomTokenBase,
  ice_servers: v.array(iceServerSchema),
  ice_transport_policy: v.picklist(['all', 'relay']),
  /** Perfect negotiation: the student is polite, the teacher is not. */
  polite: v.boolean(),
})

/**
 * protocol §1 `vonage`: media through the lesson's routed Vonage session; presence, chat and
 * recording notices through the room's own socket, as with `builtin`.
 */
export const vonageRoomTokenSchema = v.object({
  provider: v.literal('vonage'),
  ...roomSocket,
  ...roomTokenBase,
  vonage: v.object({
    application_id: v.string(),
    session_id: v.string(),
    /** Vonage's client token: the party's role, valid until the join window closes. */
    token: v.string(),
  }),
})

/**
 * protocol §1 `learncube`: the lesson's LearnCube classroom, embedded by LearnCube's client
 * script. `validate_url` answers that script with a LearnCube token for this party only.
 */
export const learncubeRoomTokenSchema = v.object({
  provider: v.literal('learncube'),
  ...roomTokenBase,
  learncube: v.object({
    /** LearnCube's classroom client (a script) and its style sheet. */
    client_url: v.string(),
    style_url: v.string(),
    public_key: v.string(),
    /** The lesson's classroom (the lesson's room_token). */
    room_token: v.string(),
    /** A path on this origin, signed for this party until `closes_at`. */
    validate_url: v.string(),
    /** The participant: the user's id, name and kind. */
    user_id: v.string(),
    username: v.string(),
    user_type: v.picklist(['teacher', 'student']),
  }),
})

/** What the token's `janus` part holds: where the group server is and which room is the meeting's. */
export const janusAccessSchema = v.object({
  /** The group server's WebSocket URL as a browser reaches it. */
  url: v.string(),
  /** Janus's core token (token_auth), valid until the join window closes. */
  token: v.string(),
  /** The meeting's VideoRoom. */
  room: v.number(),
  /** This participant's publisher id in that room. */
  feed_id: v.number(),
})
export type JanusAccess = v.InferOutput<typeof janusAccessSchema>

/**
 * protocol "The group room" `janus`: a group meeting through the group server (Janus's VideoRoom);
 * presence, hands, moderation and chat through the room's socket, keyed by the meeting.
 */
export const janusRoomTokenSchema = v.object({
  provider: v.literal('janus'),
  ...roomSocket,
  ...roomTokenBase,
  group_meeting_id: idSchema,
  janus: janusAccessSchema,
  ice_servers: v.array(iceServerSchema),
})

/**
 * protocol "The group room" `mesh`: a small group meeting with no group server: every pair of
 * participants peer to peer, signalled through the room's socket.
 */
export const meshRoomTokenSchema = v.object({
  provider: v.literal('mesh'),
  ...roomSocket,
  ...roomTokenBase,
  group_meeting_id: idSchema,
  ice_servers: v.array(iceServerSchema),
  ice_transport_policy: v.picklist(['all', 'relay']),
})

/**
 * protocol "The group room" `vonage-group`: a group meeting whose teacher has Vonage: the meeting's
 * one routed Vonage session, a client token per participant; presence, hands, moderation and chat
 * through the room's socket, keyed by the meeting, as with `janus`. A distinct provider, so that
 * the page never takes it for a one-to-one `vonage` lesson.
 */
export const vonageGroupRoomTokenSchema = v.object({
  provider: v.literal('vonage-group'),
  ...roomSocket,
  ...roomTokenBase,
  group_meeting_id: idSchema,
  vonage: v.object({
    application_id: v.string(),
    session_id: v.string(),
    /** Vonage's client token naming this participant (its data: the user id), valid until `closes_at`. */
    token: v.string(),
  }),
})

export const roomTokenSchema = v.variant('provider', [
  builtinRoomTokenSchema,
  vonageRoomTokenSchema,
  learncubeRoomTokenSchema,
  janusRoomTokenSchema,
  meshRoomTokenSchema,
  vonageGroupRoomTokenSchema,
])
export type BuiltinRoomToken = v.InferOutput<typeof builtinRoomTokenSchema>
export type VonageRoomToken = v.InferOutput<typeof vonageRoomTokenSchema>
export type LearncubeRoomToken = v.InferOutput<typeof learncubeRoomTokenSchema>
export type JanusRoomToken = v.InferOutput<typeof janusRoomTokenSchema>
export type MeshRoomToken = v.InferOutput<typeof meshRoomTokenSchema>
export type VonageGroupRoomToken = v.InferOutput<typeof vonageGroupRoomTokenSchema>
export type RoomToken = v.InferOutput<typeof roomTokenSchema>
export const roomTokenResponse = envelope(roomTokenSchema)
export const builtinRoomTokenResponse = envelope(builtinRoomTokenSchema)

// ---- §3 chat ----

export const chatMessageSchema = v.object({
  /** A server sequence: messages are ordered by it. */
  id: v.number(),
  client_id: idSchema,
  lesson_id: idSchema,
  author_id: idSchema,
  author_role: roleSchema,
  body: v.string(),
  created_at: v.string(),
})
export type ChatMessage = v.InferOutput<typeof chatMessageSchema>

export const chatListQuery = v.object({ lesson_id: lessonIdField })
export const chatListResponse = envelope(v.array(chatMessageSchema))

export const chatPostSchema = v.object({
  lesson_id: lessonIdField,
  body: v.pipe(
    storableString(issue('invalid')),
    v.trim(),
    v.nonEmpty(issue('required')),
    v.maxLength(CHAT_BODY_MAX, issue('too_long', CHAT_BODY_MAX)),
  ),
  /** A UUID the client makes: a retry with the same one stores nothing new. */
  client_id: v.pipe(v.string(issue('required')), v.uuid(issue('invalid'))),
})
export type ChatPost = v.InferOutput<typeof chatPostSchema>
export const chatMessageResponse = envelope(chatMessageSchema)

// ---- §4 attendance ----

export const LESSON_INTERACTION_KINDS = [
  'joined',
  'left',
  'reconnected',
  'camera_on',
  'camera_off',
  'microphone_on',
  'microphone_off',
  'screen_share_on',
  'screen_share_off',
] as const
export type LessonInteractionKind = (typeof LESSON_INTERACTION_KINDS)[number]

export const lessonInteractionSchema = v.object({
  lesson_id: lessonIdField,
  kind: v.picklist(LESSON_INTERACTION_KINDS, issue('invalid')),
})
export type LessonInteractionInput = v.InferOutput<typeof lessonInteractionSchema>
export const lessonInteractionResponse = envelope(v.object({ id: idSchema }))

// ---- §2 signalling messages ----

/** What a peer relays: a session description and/or an ICE candidate (null: end of candidates). */
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

/** What each party tells the other of its media. */
export const mediaStateSchema = v.object({
  microphone: v.boolean(),
  camera: v.boolean(),
  screen: v.boolean(),
})
export type MediaState = v.InferOutput<typeof mediaStateSchema>

/** The session token of the signed-in user: the socket's first frame (protocol §2 "Entering"). */
const SESSION_TOKEN_MAX = 200

export const roomClientMessageSchema = v.variant('type', [
  v.object({ type: v.literal('auth'), session: v.pipe(v.string(), v.maxLength(SESSION_TOKEN_MAX)) }),
  v.object({ type: v.literal('signal'), data: signalDataSchema }),
  v.object({ type: v.literal('state'), ...mediaStateSchema.entries }),
  /** Leaving on purpose: the other side shows "left" at once rather than "reconnecting". */
  v.object({ type: v.literal('bye') }),
  v.object({ type: v.literal('ping') }),
])
export type RoomClientMessage = v.InferOutput<typeof roomClientMessageSchema>

/** Who cancelled a lesson during its call: one of its parties, or the school (an operator). */
export const CANCELLED_BY = ['teacher', 'student', 'school'] as const
export type CancelledBy = (typeof CANCELLED_BY)[number]

export const recordingNoticeSchema = v.object({
  archive_id: idSchema,
  state: v.picklist(['started', 'stopped']),
  stream_id: v.picklist(RECORDING_STREAMS),
})
export type RecordingNotice = v.InferOutput<typeof recordingNoticeSchema>

/** The student kept a voice clip: the room lists it at once, and the teacher is told. */
export const voiceClipNoticeSchema = v.object({
  clip_id: idSchema,
  created_at: v.string(),
  duration_ms: v.nullable(v.number()),
})
export type VoiceClipNotice = v.InferOutput<typeof voiceClipNoticeSchema>

export const roomServerMessageSchema = v.variant('type', [
  v.object({ type: v.literal('welcome'), peer_present: v.boolean(), closes_at: v.string() }),
  v.object({ type: v.literal('peer-joined') }),
  /** `left`: said goodbye (or was signed out); `lost`: the connection dropped, it may come back. */
  v.object({ type: v.literal('peer-left'), reason: v.optional(v.picklist(['left', 'lost'])) }),
  v.object({ type: v.literal('peer-state'), ...mediaStateSchema.entries }),
  v.object({ type: v.literal('signal'), data: signalDataSchema }),
  v.object({ type: v.literal('chat'), message: chatMessageSchema }),
  v.object({ type: v.literal('closed'), reason: v.literal('window_ended') }),
  v.object({ type: v.literal('cancelled'), by: v.picklist(CANCELLED_BY), reason: v.nullable(v.string()) }),
  v.object({ type: v.literal('pong') }),
  /** The lesson's recording started (or now shows another stream) or stopped. */
  v.object({ type: v.literal('recording'), ...recordingNoticeSchema.entries }),
  v.object({ type: v.literal('voice-clip'), ...voiceClipNoticeSchema.entries }),
])
export type RoomServerMessage = v.InferOutput<typeof roomServerMessageSchema>

/** Close codes of the signalling socket (protocol §2). */
export const ROOM_CLOSE = {
  windowEnded: 4000,
  /** No token, a bad one, or the socket did not prove the session the token was made for. */
  unauthorized: 4401,
  forbidden: 4403,
  replaced: 4409,
  /** The lesson was cancelled (a `cancelled` frame says by whom and why). */
  cancelled: 4410,
  /** Past the ceiling of frames dropped over the room's limits (protocol §2 "Limits"). */
  rateLimited: 4429,
  tooLarge: 1009,
  malformed: 1003,
} as const
