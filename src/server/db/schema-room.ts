import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './schema.ts'
import { groupMeetings } from './schema-group-classes.ts'
import { lessons } from './schema-lessons.ts'

// The lesson room (modules/room, docs/lesson-room-protocol.md). Apart from schema.ts,
// which is long enough; drizzle.config.ts reads both.

const at = (name: string) => timestamp(name, { withTimezone: true })
const lessonRef = () =>
  uuid('lesson_id')
    .notNull()
    .references(() => lessons.id, { onDelete: 'cascade' })
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })
const role = (name: string) => text(name, { enum: ['student', 'teacher'] }).notNull()

/**
 * Secrets every process of the database must share (the room token's key): generated once by
 * whichever process needs one first, so a restart or a second process signs and checks alike.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
})

/**
 * One signalling socket of a party, as the server saw it (its own clock): the attendance record
 * and the room's presence across processes. `origin` is the application_name of the process
 * holding the socket; an open row of a process that no longer exists is closed at `last_seen_at`.
 */
export const roomConnections = pgTable(
  'room_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: lessonRef(),
    userId: userRef('user_id'),
    role: role('role'),
    origin: text('origin').notNull(),
    joinedAt: at('joined_at').notNull(),
    leftAt: at('left_at'),
    lastSeenAt: at('last_seen_at').notNull(),
  },
  (t) => [
    index('room_connections_lesson_idx').on(t.lessonId, t.joinedAt),
    index('room_connections_open_idx').on(t.origin).where(sql`${t.leftAt} IS NULL`),
  ],
)

/** protocol §4: what happens in the room, reported by the client or recorded by the server. */
export const lessonInteractions = pgTable(
  'lesson_interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: lessonRef(),
    userId: userRef('user_id'),
    role: role('role'),
    kind: text('kind').notNull(),
    source: text('source', { enum: ['client', 'server'] }).notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('lesson_interactions_lesson_idx').on(t.lessonId, t.createdAt)],
)

/** protocol §3: the chat of a lesson, in the order of `id`; one row per author's client_id. */
export const lessonChatMessages = pgTable(
  'lesson_chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lessonId: lessonRef(),
    /** A group meeting's chat: every party's message, whichever place it was sent from. */
    groupMeetingId: uuid('group_meeting_id').references(() => groupMeetings.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id'),
    authorRole: role('author_role'),
    clientId: uuid('client_id').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('lesson_chat_messages_client_key').on(t.lessonId, t.authorId, t.clientId),
    index('lesson_chat_messages_lesson_idx').on(t.lessonId, t.id),
    index('lesson_chat_messages_meeting_idx').on(t.groupMeetingId, t.id),
  ],
)

/**
 * A room event too large for a NOTIFY payload (8000 bytes; an SDP often is): the notification
 * names the row, the receivers read it. Rows are deleted after a minute.
 */
export const roomEvents = pgTable(
  'room_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    payload: text('payload').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('room_events_created_idx').on(t.createdAt)],
)

/**
 * The lesson's session at an outside video provider: its Vonage routed session or its
 * LearnCube classroom, created once, whoever asks first, and kept for every later token.
 */
export const lessonVideoSessions = pgTable(
  'lesson_video_sessions',
  {
    lessonId: lessonRef(),
    provider: text('provider', { enum: ['vonage', 'learncube'] }).notNull(),
    /** Null while the process that claimed the row asks the provider. */
    externalId: text('external_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.provider] })],
)

/**
 * A group meeting's room on the group server (docs/lesson-room-protocol.md "The group room"): the
 * Janus server it is pinned to (one of JANUS_URL's) and its VideoRoom, made when the first party
 * asks for a token and destroyed after the join window (`destroyed_at`, claimed by one process).
 */
export const groupRooms = pgTable('group_rooms', {
  meetingId: uuid('meeting_id')
    .primaryKey()
    .references(() => groupMeetings.id, { onDelete: 'cascade' }),
  server: text('server').notNull(),
  room: bigint('room', { mode: 'number' }).notNull(),
  createdAt: at('created_at').notNull(),
  destroyedAt: at('destroyed_at'),
})

/**
 * A group meeting's session at an outside provider (a routed Vonage session when the meeting's
 * teacher has Vonage): one per meeting, made by whichever process asks first, as for a lesson.
 */
export const groupVideoSessions = pgTable(
  'group_video_sessions',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => groupMeetings.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['vonage'] }).notNull(),
    /** Null while the process that claimed the row asks the provider. */
    externalId: text('external_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.provider] })],
)

/**
 * A participant of a group meeting's room as every page sees them, shared by every process: their
 * media, hand and the teacher's mute; `removed_at`: the teacher removed them, they cannot come back.
 */
export const groupRoomParticipants = pgTable(
  'group_room_participants',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => groupMeetings.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    microphone: boolean('microphone').notNull().default(false),
    camera: boolean('camera').notNull().default(false),
    screen: boolean('screen').notNull().default(false),
    handRaised: boolean('hand_raised').notNull().default(false),
    mutedByTeacher: boolean('muted_by_teacher').notNull().default(false),
    removedAt: at('removed_at'),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] })],
)
