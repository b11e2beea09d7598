import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { RECAP_STATUSES, type RecapContent, type Transcript } from '../../domain/api/recaps.ts'
import { RECORDING_STREAMS, RECORDING_TRACKS } from '../../domain/api/recordings.ts'
import { users } from './schema.ts'
import { lessons } from './schema-lessons.ts'

// Recordings of the lesson room (modules/recordings): Archive {lesson_id, stream_id} of
// product-rules.md "Records and fields". The recording browser sends numbered chunks, each stored
// as a file of its own until the recording ends; then they are joined into one seekable WebM
// (`file_key`) and deleted.

const at = (name: string) => timestamp(name, { withTimezone: true })

export const lessonArchives = pgTable(
  'lesson_archives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** The teacher whose browser records and alone sends its chunks. */
    startedBy: uuid('started_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    streamId: text('stream_id', { enum: RECORDING_STREAMS }).notNull().default('camera'),
    /** The teacher's browser (chunks) or the lesson's Vonage session. */
    recordedBy: text('recorded_by', { enum: ['browser', 'vonage'] })
      .notNull()
      .default('browser'),
    /** Vonage's archive id of a recording Vonage makes. */
    externalId: text('external_id'),
    /** recording → processing (joining the chunks) → ready, or failed when nothing usable came. */
    status: text('status', { enum: ['recording', 'processing', 'ready', 'failed'] }).notNull(),
    startedAt: at('started_at').notNull(),
    stoppedAt: at('stopped_at'),
    /** The last chunk's arrival: an uploader silent for long is gone (RECORDING_UPLOADER_GONE_MS). */
    lastChunkAt: at('last_chunk_at'),
    /** The next chunk's number: chunks come in order, so there is never a gap. */
    nextSeq: integer('next_seq').notNull().default(0),
    /** The same for the audio-only track's chunks (numbered on their own). */
    audioNextSeq: integer('audio_next_seq').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** Since when a process is joining the chunks (another takes over if it stays too long). */
    processingSince: at('processing_since'),
    fileKey: text('file_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    durationMs: integer('duration_ms'),
    /** Why a failed recording could not be joined (what its bytes held, or the decoder's error). */
    failureReason: text('failure_reason'),
    /** The audio-only track (Opus) recorded beside the video, for the lesson recap; null without one. */
    audioFileKey: text('audio_file_key'),
    audioSize: bigint('audio_size', { mode: 'number' }),
    /** RECORDING_RETENTION_DAYS after the start: then the recording and its files are deleted. */
    expiresAt: at('expires_at').notNull(),
    /**
     * A group meeting's recording: the students who agreed to voice recording when it started, the
     * only ones drawn in it and allowed to play it (docs/decisions.md "Recording a group meeting");
     * null for a one-to-one lesson's.
     */
    recordedUserIds: uuid('recorded_user_ids').array(),
  },
  (t) => [
    index('lesson_archives_lesson_idx').on(t.lessonId, t.startedAt),
    // One recording at a time per lesson.
    uniqueIndex('lesson_archives_one_recording_key').on(t.lessonId).where(sql`${t.status} = 'recording'`),
    index('lesson_archives_unfinished_idx')
      .on(t.status)
      .where(sql`${t.status} IN ('recording', 'processing')`),
    index('lesson_archives_expires_idx').on(t.expiresAt),
  ],
)

export const lessonArchiveChunks = pgTable(
  'lesson_archive_chunks',
  {
    archiveId: uuid('archive_id')
      .notNull()
      .references(() => lessonArchives.id, { onDelete: 'cascade' }),
    /** The call's video (with its sound) or the audio-only track beside it, for the lesson recap. */
    track: text('track', { enum: RECORDING_TRACKS }).notNull().default('video'),
    seq: integer('seq').notNull(),
    fileKey: text('file_key').notNull(),
    size: integer('size').notNull(),
    /** The bytes' SHA-256: the same chunk sent again is recognised and stored once. */
    sha256: text('sha256').notNull(),
  },
  (t) => [primaryKey({ columns: [t.archiveId, t.track, t.seq] })],
)

/**
 * Voice recording {lesson_id, file} (product-rules.md "Records and fields"): a short clip the
 * student records in the lesson room (reading aloud, an answer), kept with the lesson for both
 * parties to replay.
 */
export const lessonVoiceRecordings = pgTable(
  'lesson_voice_recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    size: integer('size').notNull(),
    /** The clip's length as the recording browser measured it; null for clips kept before it was. */
    durationMs: integer('duration_ms'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('lesson_voice_recordings_lesson_idx').on(t.lessonId, t.createdAt)],
)

/**
 * The lesson recap (docs/decisions.md "The lesson recap"): made from a ready recording's audio
 * track, one per recording, and deleted with it (the retention rule removes the transcript too).
 */
export const lessonRecaps = pgTable(
  'lesson_recaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    archiveId: uuid('archive_id')
      .notNull()
      .unique()
      .references(() => lessonArchives.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RECAP_STATUSES }).notNull(),
    /** Runs of the job so far: after the last one a failure marks the recap failed. */
    attempts: integer('attempts').notNull().default(0),
    /** When the job first began the work (the day it counts against the school's daily cap). */
    startedAt: at('started_at'),
    /** The transcript; null until made and after the student deleted it. */
    transcript: jsonb('transcript').$type<Transcript>(),
    content: jsonb('content').$type<RecapContent>(),
    failureReason: text('failure_reason'),
    /** When the draft publishes itself unless the teacher published it before. */
    publishAt: at('publish_at'),
    publishedAt: at('published_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('lesson_recaps_lesson_idx').on(t.lessonId),
    index('lesson_recaps_started_idx').on(t.startedAt),
  ],
)
