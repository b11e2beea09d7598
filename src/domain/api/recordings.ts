import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import { envelope, idSchema } from './common.ts'

// Recordings of the lesson room (the Archive record {lesson_id, stream_id} of
// product-rules.md "Records and fields"; lessons/archives/create, add_stream, stop; protocol §6).
// The teacher's browser records the call and sends it in numbered chunks while it records; the
// server joins them into one seekable WebM when the recording ends.

const lessonIdField = v.pipe(v.string(issue('required')), v.uuid(issue('invalid')))

/** What a recording shows (add_stream's stream_id): the call's cameras or the shared screen. */
export const RECORDING_STREAMS = ['camera', 'screen'] as const
export type RecordingStream = (typeof RECORDING_STREAMS)[number]

/** A chunk is a few seconds of the recording: 8 MiB is well above what MediaRecorder makes of 5 s. */
export const RECORDING_CHUNK_MAX_BYTES = 8 * 1024 * 1024
/** How much of the call one recording may hold: a 45-minute lesson at a high bit rate, twice over. */
export const RECORDING_MAX_BYTES = 3 * 1024 * 1024 * 1024
/**
 * A recording whose uploader has sent nothing for this long is finished with what arrived: eleven
 * chunks missed, longer than a connection usually takes to come back, and short enough that a
 * closed tab's recording is ready within a minute (with the worker's 10 s round).
 */
export const RECORDING_UPLOADER_GONE_MS = 45_000
/** A student's voice clip (a voice recording of the lesson): a few minutes of Opus at most. */
export const VOICE_CLIP_MAX_BYTES = 5 * 1024 * 1024
/** The longest clip the room records. */
export const VOICE_CLIP_MAX_SECONDS = 180
/** Clips a lesson holds. */
export const VOICE_CLIPS_MAX_PER_LESSON = 20
/** The multipart fields of lesson_images/create and lesson_voice_recordings/create. */
export const LESSON_MEDIA_FIELDS = { lessonId: 'lesson_id', file: 'file', durationMs: 'duration_ms' } as const
export const lessonMediaFields = v.object({
  lesson_id: v.pipe(v.string(issue('required')), v.uuid(issue('invalid'))),
})
/**
 * A voice clip's length in ms as the recording browser measured it (docs/decisions.md "A voice
 * clip's length"): a whole number up to the longest clip, with a second of slack for the stop.
 */
export const VOICE_CLIP_MAX_MS = (VOICE_CLIP_MAX_SECONDS + 1) * 1000
export const voiceClipFields = v.object({
  ...lessonMediaFields.entries,
  duration_ms: v.pipe(
    v.string(issue('required')),
    v.regex(/^\d{1,6}$/, issue('invalid')),
    v.transform(Number),
    v.minValue(1, issue('invalid')),
    v.maxValue(VOICE_CLIP_MAX_MS, issue('invalid')),
  ),
})

/** Default of RECORDING_RETENTION_DAYS: how long a finished recording is kept. */
export const DEFAULT_RECORDING_RETENTION_DAYS = 90

export const archiveLessonSchema = v.object({ lesson_id: lessonIdField })
export const archiveStreamSchema = v.object({
  lesson_id: lessonIdField,
  stream_id: v.picklist(RECORDING_STREAMS, issue('invalid')),
})
/** A recording's tracks: the call's video, and the audio-only track the lesson recap transcribes. */
export const RECORDING_TRACKS = ['video', 'audio'] as const
export type RecordingTrack = (typeof RECORDING_TRACKS)[number]

export const archiveChunkQuery = v.object({
  archive_id: v.pipe(v.string(issue('required')), v.uuid(issue('invalid'))),
  /** Which track the chunk belongs to; the video when left out. */
  track: v.optional(v.picklist(RECORDING_TRACKS, issue('invalid')), 'video'),
  seq: v.pipe(
    v.string(issue('required')),
    v.regex(/^(0|[1-9]\d{0,5})$/, issue('invalid')),
    v.transform(Number),
  ),
})
export const archiveListQuery = v.object({ lesson_id: lessonIdField })

export const archiveStatusSchema = v.picklist(['recording', 'processing', 'ready', 'failed'])
export type ArchiveStatus = v.InferOutput<typeof archiveStatusSchema>

export const archiveSchema = v.object({
  id: idSchema,
  lesson_id: idSchema,
  stream_id: v.picklist(RECORDING_STREAMS),
  /**
   * Who makes the recording: the teacher's browser, which then sends it in chunks, or the lesson's
   * Vonage session, whose finished archive the server fetches into its own storage.
   */
  recorded_by: v.picklist(['browser', 'vonage']),
  status: archiveStatusSchema,
  started_at: v.string(),
  stopped_at: v.nullable(v.string()),
  /** The chunk the server expects next while it records (an uploader resumes from here). */
  next_seq: v.number(),
  /**
   * A group meeting's recording: the students drawn and heard in it (those who agreed to voice
   * recording when it started), besides the teacher; null for a one-to-one lesson's.
   */
  recorded_user_ids: v.nullable(v.array(idSchema)),
  duration_ms: v.nullable(v.number()),
  size: v.nullable(v.number()),
  /** A signed, short-lived URL of the finished file (HTTP Range for seeking), once it is ready. */
  url: v.nullable(v.string()),
  /** When the finished recording and its file are deleted (RECORDING_RETENTION_DAYS). */
  kept_until: v.string(),
})
export type Archive = v.InferOutput<typeof archiveSchema>

export const archiveResponse = envelope(archiveSchema)
export const archiveListResponse = envelope(v.array(archiveSchema))
export const chunkResponse = envelope(v.object({ next_seq: v.number(), size: v.number() }))
