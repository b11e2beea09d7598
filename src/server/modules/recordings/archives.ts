import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import {
  type Archive,
  RECORDING_CHUNK_MAX_BYTES,
  RECORDING_MAX_BYTES,
  type RecordingStream,
  type RecordingTrack,
} from '../../../domain/api/recordings.ts'
import { addDays, fromPolandLocal, parseDateKey, polandDateKey } from '../../../domain/poland-time.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { discardFiles, FileRejectedError } from '../../platform/storage.ts'
import { hashing } from '../../platform/uploads.ts'
import { viewerOf } from '../../platform/viewer.ts'
import {
  assertRoomOpen,
  closesAt,
  findPartyLesson,
  lessonProvider,
  opensAt,
  type RoomLesson,
} from '../room/public.ts'
import { DEFAULT_SETTINGS, findSettings } from '../settings/public.ts'
import { agreedStudentsOfMeeting, meetingArchiveRows, meetingOfPlace } from './group-archives-repository.ts'
import {
  type ArchiveRow,
  appendChunk,
  type ChunkRoom,
  findArchive,
  findChunk,
  insertRecording,
  lessonArchiveRows,
  lessonRecording,
  nextSeqOf,
  recordingTotals,
  setStream,
  stopRecording,
  voiceRecordingAgreed,
} from './repository.ts'
import { selectVonageStream, startVonageArchive, stopVonageArchive } from './vonage-archives.ts'

// lessons/archives/create, add_stream, stop, and the chunks in between
// (docs/lesson-room-protocol.md §7). Only the lesson's teacher records, in the room's join window,
// and only a student who agreed to voice recording (voice_recording_agreed, product-rules.md
// "Records and fields").

export type RecordingsContext = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'storage' | 'log' | 'fileUrls' | 'video' | 'jobs'
>

const DAY_MS = 86_400_000

export function toArchive(row: ArchiveRow, fileUrls: AppContext['fileUrls']): Archive {
  return {
    id: row.id,
    lesson_id: row.lessonId,
    stream_id: row.streamId,
    recorded_by: row.recordedBy,
    status: row.status,
    started_at: row.startedAt.toISOString(),
    stopped_at: row.stoppedAt?.toISOString() ?? null,
    next_seq: row.nextSeq,
    recorded_user_ids: row.recordedUserIds,
    duration_ms: row.durationMs,
    size: row.fileSize,
    url: row.status === 'ready' ? fileUrls.url(row.fileKey) : null,
    kept_until: row.expiresAt.toISOString(),
  }
}

/** The lesson of its teacher; its student gets 403, anybody else 404 (as if it did not exist). */
async function teachersLesson(ctx: RecordingsContext, user: User, lessonId: string): Promise<RoomLesson> {
  const lesson = await findPartyLesson(ctx.db, viewerOf(user), lessonId)
  if (lesson.teacherId !== user.id) throw new AppError('forbidden')
  return lesson
}

/** A group meeting's place is open to the room in the same join window as a lesson. */
function assertPlaceOpen(lesson: RoomLesson, now: Date) {
  if (lesson.cancelledAt) throw new AppError('lesson_cancelled', { status: 422 })
  if (now < opensAt(lesson)) throw new AppError('join_window_not_open')
  if (now > closesAt(lesson)) throw new AppError('join_window_closed')
}

/**
 * A group meeting's recording (docs/decisions.md "Recording a group meeting"): the teacher's
 * browser draws only the students who agreed to voice recording, named here once for the whole
 * recording; with none of them there is nobody to record.
 */
async function startGroupRecording(
  ctx: RecordingsContext,
  user: User,
  lesson: RoomLesson,
  meetingId: string,
) {
  const now = ctx.clock.now()
  assertPlaceOpen(lesson, now)
  const recordedUserIds = await agreedStudentsOfMeeting(ctx.db, meetingId)
  if (recordedUserIds.length === 0) throw new AppError('recording_not_agreed')
  const expiresAt = new Date(now.getTime() + ctx.config.recordingRetentionDays * DAY_MS)
  const row = await insertRecording(ctx.db, {
    lessonId: lesson.id,
    startedBy: user.id,
    now,
    expiresAt,
    recordedUserIds,
  })
  if (!row) throw new AppError('recording_in_progress')
  return toArchive(row, ctx.fileUrls)
}

export async function startRecording(ctx: RecordingsContext, user: User, lessonId: string): Promise<Archive> {
  const lesson = await teachersLesson(ctx, user, lessonId)
  const meetingId = lesson.isGroup ? await meetingOfPlace(ctx.db, lessonId) : null
  if (meetingId) return startGroupRecording(ctx, user, lesson, meetingId)
  const now = ctx.clock.now()
  assertRoomOpen(lesson, now)
  if (!(await voiceRecordingAgreed(ctx.db, lesson.studentId))) throw new AppError('recording_not_agreed')
  const expiresAt = new Date(now.getTime() + ctx.config.recordingRetentionDays * DAY_MS)
  const vonage = ctx.video.vonage
  // In a Vonage room, Vonage records (the browser sends nothing).
  if (vonage && (await lessonProvider(ctx, lesson)) === 'vonage') {
    if (await lessonRecording(ctx.db, lessonId)) throw new AppError('recording_in_progress')
    const vonageArchiveId = await startVonageArchive(ctx, vonage, lessonId)
    const row = await insertRecording(ctx.db, {
      lessonId,
      startedBy: user.id,
      now,
      expiresAt,
      vonageArchiveId,
    })
    if (row) return toArchive(row, ctx.fileUrls)
    // Another request started one meanwhile: this archive is not wanted.
    await vonage.stopArchive(vonageArchiveId).catch(() => undefined)
    throw new AppError('recording_in_progress')
  }
  const row = await insertRecording(ctx.db, { lessonId, startedBy: user.id, now, expiresAt })
  if (!row) throw new AppError('recording_in_progress')
  return toArchive(row, ctx.fileUrls)
}

export async function selectStream(
  ctx: RecordingsContext,
  user: User,
  input: { lesson_id: string; stream_id: RecordingStream },
): Promise<Archive> {
  await teachersLesson(ctx, user, input.lesson_id)
  const row = await setStream(ctx.db, input.lesson_id, input.stream_id)
  if (!row) throw new AppError('recording_not_active')
  if (row.recordedBy === 'vonage' && ctx.video.vonage)
    await selectVonageStream(ctx, ctx.video.vonage, row, input.stream_id)
  return toArchive(row, ctx.fileUrls)
}

/** Stops the recording; its chunks are then joined into one file (worker.ts). */
export async function endRecording(
  ctx: RecordingsContext,
  user: User,
  lessonId: string,
): Promise<ArchiveRow> {
  await teachersLesson(ctx, user, lessonId)
  const row = await stopRecording(ctx.db, { lessonId }, ctx.clock.now())
  if (!row) throw new AppError('recording_not_active')
  if (row.recordedBy === 'vonage' && ctx.video.vonage) await stopVonageArchive(ctx, ctx.video.vonage, row)
  return row
}

/** The lesson's recordings, newest first, for either party. */
export async function listArchives(ctx: RecordingsContext, user: User, lessonId: string): Promise<Archive[]> {
  const lesson = await findPartyLesson(ctx.db, viewerOf(user), lessonId)
  const meetingId = lesson.isGroup ? await meetingOfPlace(ctx.db, lessonId) : null
  if (!meetingId)
    return (await lessonArchiveRows(ctx.db, lessonId)).map((row) => toArchive(row, ctx.fileUrls))
  if (lesson.teacherId === user.id)
    return (await meetingArchiveRows(ctx.db, meetingId, null)).map((row) => toArchive(row, ctx.fileUrls))
  // A student learns only whether they are in it, not who else agreed.
  return (await meetingArchiveRows(ctx.db, meetingId, user.id)).map((row) => ({
    ...toArchive(row, ctx.fileUrls),
    recorded_user_ids: row.recordedUserIds?.filter((id) => id === user.id) ?? null,
  }))
}

async function digestOf(source: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of source) {
    hash.update(chunk)
    size += (chunk as Buffer).length
    if (size > RECORDING_CHUNK_MAX_BYTES) throw new AppError('payload_too_large')
  }
  return { sha256: hash.digest('hex'), size }
}

/** A WebM file's first bytes: the EBML header's id. */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3])

/** Passes the bytes through, keeping the first few in `head`. */
function keepingHead(source: Readable, head: { bytes: Buffer }): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of source) {
        if (head.bytes.length < EBML_MAGIC.length) head.bytes = Buffer.concat([head.bytes, chunk])
        yield chunk
      }
    })(),
    { objectMode: false },
  )
}

const MB = 1024 * 1024

/**
 * What the settings leave for this recording's chunks: the lesson's recordings, and the teacher's
 * started on the same Poland day, each bounded in MB (settings' recording maxima).
 */
async function roomLeft(ctx: RecordingsContext, archive: ArchiveRow) {
  const settings = (await findSettings(ctx.db)) ?? DEFAULT_SETTINGS
  const key = polandDateKey(archive.startedAt)
  const day = { from: fromPolandLocal(parseDateKey(key)), to: fromPolandLocal(parseDateKey(addDays(key, 1))) }
  const totals = await recordingTotals(ctx.db, archive, day)
  const full = (which: 'lesson_full' | 'day_full') => {
    const max = which === 'lesson_full' ? settings.recordingLessonMaxMb : settings.recordingDayMaxMb
    return new AppError(`recording_${which}`, { params: { max: String(max) } })
  }
  const room: ChunkRoom = {
    maxBytes: RECORDING_MAX_BYTES,
    lessonMaxBytes: settings.recordingLessonMaxMb * MB,
    dayMaxBytes: settings.recordingDayMaxMb * MB,
    day,
  }
  return {
    room,
    full,
    /** Throws when a maximum is reached already (the chunk is not even stored). */
    refuseWhenFull() {
      if (totals.lesson >= room.lessonMaxBytes) throw full('lesson_full')
      if (totals.day >= room.dayMaxBytes) throw full('day_full')
    },
  }
}

const gap = (expected: number) =>
  new AppError('recording_chunk_gap', {
    params: { expected: String(expected) },
    headers: { connection: 'close' },
  })

/**
 * One chunk of a recording, streamed into storage (never held). Chunks come in order: the next
 * one is stored; one already stored is answered again when its bytes are the same (a retry after a
 * lost answer) and refused when they differ; one further on is refused with the number expected.
 */
export async function receiveChunk(
  ctx: RecordingsContext,
  user: User,
  input: { archive_id: string; seq: number; track: RecordingTrack },
  body: Readable,
): Promise<{ next_seq: number; size: number }> {
  const { track } = input
  const archive = await findArchive(ctx.db, input.archive_id)
  if (!archive || archive.startedBy !== user.id) throw new AppError('not_found')
  const expected = nextSeqOf(archive, track)
  if (input.seq < expected) return sameAsStored(ctx, archive, track, input.seq, body)
  if (input.seq > expected) throw gap(expected)
  if (archive.status !== 'recording') throw new AppError('recording_not_active')
  const left = await roomLeft(ctx, archive)
  left.refuseWhenFull()
  const hash = createHash('sha256')
  const head = { bytes: Buffer.alloc(0) }
  let stored: Awaited<ReturnType<typeof ctx.storage.put>>
  try {
    stored = await ctx.storage.put(keepingHead(hashing(body, hash), head), 'recording-chunk')
  } catch (error) {
    if (error instanceof FileRejectedError)
      throw new AppError('payload_too_large', { headers: { connection: 'close' } })
    throw error
  }
  // docs/decisions.md "A recording that cannot be decoded ends": what cannot be part of a WebM
  // recording is refused as it arrives, without taking the number. Chrome's first chunk may hold
  // a single byte of the header: its bytes must begin the header's id as far as they go.
  const first = head.bytes.subarray(0, EBML_MAGIC.length)
  const startsWrong = input.seq === 0 && !first.equals(EBML_MAGIC.subarray(0, first.length))
  if (stored.size === 0 || startsWrong) {
    await discardFiles(ctx, [stored.key])
    throw new AppError('recording_chunk_invalid')
  }
  const chunk = {
    archiveId: archive.id,
    track,
    seq: input.seq,
    fileKey: stored.key,
    size: stored.size,
    sha256: hash.digest('hex'),
  }
  const appended = await appendChunk(ctx.db, archive, chunk, ctx.clock.now(), left.room)
  if (appended === 'appended') return { next_seq: input.seq + 1, size: stored.size }
  await discardFiles(ctx, [stored.key])
  // Past the lesson's or the teacher's day's maximum, counted with every chunk taken meanwhile.
  if (appended !== 'not_taken') throw left.full(appended)
  // Another request took this number meanwhile, the recording stopped, or it is full.
  const now = await findArchive(ctx.db, archive.id)
  if (now && input.seq < nextSeqOf(now, track)) {
    const existing = await findChunk(ctx.db, archive.id, track, input.seq)
    if (existing?.sha256 === chunk.sha256) return { next_seq: nextSeqOf(now, track), size: existing.size }
    throw new AppError('recording_chunk_mismatch')
  }
  if (now?.status === 'recording') throw new AppError('payload_too_large')
  throw new AppError('recording_not_active')
}

async function sameAsStored(
  ctx: RecordingsContext,
  archive: ArchiveRow,
  track: RecordingTrack,
  seq: number,
  body: Readable,
): Promise<{ next_seq: number; size: number }> {
  const { sha256 } = await digestOf(body)
  const existing = await findChunk(ctx.db, archive.id, track, seq)
  // Joined into the recording already (its chunk rows are gone): the bytes cannot be compared.
  if (!existing) throw new AppError('recording_not_active')
  if (existing.sha256 !== sha256) throw new AppError('recording_chunk_mismatch')
  return { next_seq: nextSeqOf(archive, track), size: existing.size }
}
