import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { RecordingStream, RecordingTrack } from '../../../domain/api/recordings.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { lessonArchiveChunks, lessonArchives, lessonVoiceRecordings } from '../../db/schema-recordings.ts'

// Lesson recordings and their chunks, and the student's voice clips. Every change of a recording's
// state is one statement that checks the state it expects, so two processes (or a retried request)
// cannot both make it.

export type ArchiveRow = typeof lessonArchives.$inferSelect
export type ChunkRow = typeof lessonArchiveChunks.$inferSelect

const t = lessonArchives

/** Starts a recording; null when the lesson is being recorded already. */
export async function insertRecording(
  db: Db,
  values: {
    lessonId: string
    startedBy: string
    now: Date
    expiresAt: Date
    /** Vonage's archive id, when the lesson's Vonage session records. */
    vonageArchiveId?: string
    /** A group meeting's: the students recorded in it. */
    recordedUserIds?: string[]
  },
): Promise<ArchiveRow | null> {
  const [row] = await db
    .insert(t)
    .values({
      lessonId: values.lessonId,
      startedBy: values.startedBy,
      recordedBy: values.vonageArchiveId ? 'vonage' : 'browser',
      externalId: values.vonageArchiveId ?? null,
      status: 'recording',
      startedAt: values.now,
      expiresAt: values.expiresAt,
      recordedUserIds: values.recordedUserIds ?? null,
    })
    .onConflictDoNothing()
    .returning()
  return row ?? null
}

/** The lesson's recording in progress, if any. */
export async function lessonRecording(db: Db, lessonId: string): Promise<ArchiveRow | null> {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.lessonId, lessonId), eq(t.status, 'recording')))
  return row ?? null
}

export async function setStream(
  db: Db,
  lessonId: string,
  stream: RecordingStream,
): Promise<ArchiveRow | null> {
  const [row] = await db
    .update(t)
    .set({ streamId: stream })
    .where(and(eq(t.lessonId, lessonId), eq(t.status, 'recording')))
    .returning()
  return row ?? null
}

/** Stops the lesson's recording (or `archiveId`'s), claiming it for processing by this process. */
export async function stopRecording(
  db: Db,
  where: { lessonId: string } | { archiveId: string },
  now: Date,
): Promise<ArchiveRow | null> {
  const which = 'lessonId' in where ? eq(t.lessonId, where.lessonId) : eq(t.id, where.archiveId)
  const [row] = await db
    .update(t)
    .set({ status: 'processing', stoppedAt: now, processingSince: now })
    .where(and(which, eq(t.status, 'recording')))
    .returning()
  return row ?? null
}

/**
 * Claims a Vonage recording until `leaseUntil`: for a Vonage recording in processing,
 * `processing_since` is the end of the lease of the process fetching it (a new lease is taken once
 * it has passed, to ask Vonage again or to take over from a process that stopped).
 */
export async function leaseVonageArchive(db: Db, archiveId: string, now: Date, leaseUntil: Date) {
  const [row] = await db
    .update(t)
    .set({ processingSince: leaseUntil })
    .where(
      and(
        eq(t.id, archiveId),
        eq(t.status, 'processing'),
        eq(t.recordedBy, 'vonage'),
        lt(t.processingSince, now),
      ),
    )
    .returning()
  return row ?? null
}

/** Claims a recording left in processing by a process that stopped before finishing it. */
export async function reclaimProcessing(db: Db, archiveId: string, now: Date, staleBefore: Date) {
  const [row] = await db
    .update(t)
    .set({ processingSince: now })
    .where(and(eq(t.id, archiveId), eq(t.status, 'processing'), lt(t.processingSince, staleBefore)))
    .returning()
  return row ?? null
}

export async function findArchive(db: Db, archiveId: string): Promise<ArchiveRow | null> {
  const [row] = await db.select().from(t).where(eq(t.id, archiveId))
  return row ?? null
}

export async function lessonArchiveRows(db: Db, lessonId: string): Promise<ArchiveRow[]> {
  return db.select().from(t).where(eq(t.lessonId, lessonId)).orderBy(desc(t.startedAt), desc(t.id))
}

export async function findChunk(
  db: Db,
  archiveId: string,
  track: RecordingTrack,
  seq: number,
): Promise<ChunkRow | null> {
  const c = lessonArchiveChunks
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.archiveId, archiveId), eq(c.track, track), eq(c.seq, seq)))
  return row ?? null
}

/** The number the track's next chunk must have. */
export const nextSeqOf = (archive: ArchiveRow, track: RecordingTrack) =>
  track === 'audio' ? archive.audioNextSeq : archive.nextSeq

/** What the chunk's recording may take: its own bytes, its lesson's, its teacher's that day. */
export type ChunkRoom = {
  maxBytes: number
  lessonMaxBytes: number
  dayMaxBytes: number
  /** The Polish day the recording started on. */
  day: { from: Date; to: Date }
}

/**
 * Records a stored chunk as the recording's next one, if the recording still records, still
 * expects this number and has room for it: `appended`, else why not (the caller deletes the file).
 */
export async function appendChunk(
  db: Db,
  archive: Pick<ArchiveRow, 'lessonId' | 'startedBy'>,
  chunk: {
    archiveId: string
    track: RecordingTrack
    seq: number
    fileKey: string
    size: number
    sha256: string
  },
  now: Date,
  room: ChunkRoom,
): Promise<'appended' | 'lesson_full' | 'day_full' | 'not_taken'> {
  // Each track numbers its chunks on its own; both count against the recording's bytes.
  const next = chunk.track === 'audio' ? t.audioNextSeq : t.nextSeq
  const moved = chunk.track === 'audio' ? { audioNextSeq: sql`${next} + 1` } : { nextSeq: sql`${next} + 1` }
  return db.transaction(async (tx) => {
    // The lesson's and the teacher's chunks one at a time (always in this order), so that two at
    // once (the two tracks, or two recordings) cannot both take the last room under a maximum.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`recording-bytes:${archive.lessonId}`}, 0))`,
    )
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`recording-bytes:${archive.startedBy}`}, 0))`,
    )
    const totals = await recordingTotals(tx, archive, room.day)
    if (totals.lesson + chunk.size > room.lessonMaxBytes) return 'lesson_full'
    if (totals.day + chunk.size > room.dayMaxBytes) return 'day_full'
    const [row] = await tx
      .update(t)
      .set({ ...moved, bytes: sql`${t.bytes} + ${chunk.size}`, lastChunkAt: now })
      .where(
        and(
          eq(t.id, chunk.archiveId),
          eq(t.status, 'recording'),
          eq(next, chunk.seq),
          sql`${t.bytes} + ${chunk.size} <= ${room.maxBytes}`,
        ),
      )
      .returning({ id: t.id })
    if (!row) return 'not_taken'
    await tx.insert(lessonArchiveChunks).values(chunk)
    return 'appended'
  })
}

/**
 * The bytes the lesson's recordings take, and those of the recordings its teacher started in
 * [from, to): a failed recording's files are gone, so it takes none.
 */
export async function recordingTotals(
  db: Db,
  archive: Pick<ArchiveRow, 'lessonId' | 'startedBy'>,
  day: { from: Date; to: Date },
): Promise<{ lesson: number; day: number }> {
  const taken = sql`CASE WHEN ${t.status} = 'failed' THEN 0 ELSE coalesce(${t.fileSize}, ${t.bytes}) END`
  const [row] = await db
    .select({
      lesson: sql<string>`coalesce(sum(${taken}) FILTER (WHERE ${t.lessonId} = ${archive.lessonId}), 0)`,
      day: sql<string>`coalesce(sum(${taken}) FILTER (WHERE ${t.startedBy} = ${archive.startedBy} AND ${t.startedAt} >= ${day.from.toISOString()}::timestamptz AND ${t.startedAt} < ${day.to.toISOString()}::timestamptz), 0)`,
    })
    .from(t)
    .where(or(eq(t.lessonId, archive.lessonId), eq(t.startedBy, archive.startedBy)))
  return { lesson: Number(row?.lesson ?? 0), day: Number(row?.day ?? 0) }
}

export async function chunksOf(db: Db, archiveId: string): Promise<ChunkRow[]> {
  return db
    .select()
    .from(lessonArchiveChunks)
    .where(eq(lessonArchiveChunks.archiveId, archiveId))
    .orderBy(asc(lessonArchiveChunks.track), asc(lessonArchiveChunks.seq))
}

/**
 * The recording is one file now: its chunks' rows go (their files are deleted after), and `then`
 * plans what follows in the same transaction (the lesson recap).
 */
export async function markReady(
  db: Db,
  archiveId: string,
  file: { key: string; size: number; durationMs: number; audio?: { key: string; size: number } | null },
  then?: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(t)
      .set({
        status: 'ready',
        fileKey: file.key,
        fileSize: file.size,
        durationMs: file.durationMs,
        audioFileKey: file.audio?.key ?? null,
        audioSize: file.audio?.size ?? null,
      })
      .where(eq(t.id, archiveId))
    await tx.delete(lessonArchiveChunks).where(eq(lessonArchiveChunks.archiveId, archiveId))
    await then?.(tx)
  })
}

/** The recording could not be joined, for `reason`: its chunks' rows go (their files after). */
export async function markFailed(db: Db, archiveId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(t)
      .set({ status: 'failed', failureReason: reason.slice(0, 500) })
      .where(eq(t.id, archiveId))
    await tx.delete(lessonArchiveChunks).where(eq(lessonArchiveChunks.archiveId, archiveId))
  })
}

export async function deleteArchive(db: Db, archiveId: string): Promise<void> {
  await db.delete(t).where(eq(t.id, archiveId))
}

/**
 * Recordings to finish: still recording with an uploader silent since `goneBefore` or a room
 * closed (its lesson ended more than `windowMs` ago), or processing since `staleBefore`.
 */
export async function unfinishedArchives(
  db: Db,
  now: Date,
  goneBefore: Date,
  staleBefore: Date,
  windowMs: number,
): Promise<Pick<ArchiveRow, 'id' | 'status' | 'recordedBy'>[]> {
  const closedBefore = new Date(now.getTime() - windowMs)
  return db
    .select({ id: t.id, status: t.status, recordedBy: t.recordedBy })
    .from(t)
    .innerJoin(lessons, eq(lessons.id, t.lessonId))
    .where(
      or(
        and(
          eq(t.status, 'recording'),
          or(
            // Vonage records by itself: only its room's closing ends its recording.
            and(eq(t.recordedBy, 'browser'), lt(t.lastChunkAt, goneBefore)),
            and(eq(t.recordedBy, 'browser'), isNull(t.lastChunkAt), lt(t.startedAt, goneBefore)),
            lt(lessons.endsAt, closedBefore),
          ),
        ),
        and(eq(t.status, 'processing'), eq(t.recordedBy, 'browser'), lt(t.processingSince, staleBefore)),
        // A Vonage recording's lease (processing_since) has run out: ask Vonage again.
        and(eq(t.status, 'processing'), eq(t.recordedBy, 'vonage'), lt(t.processingSince, now)),
      ),
    )
}

/** Recordings past their retention, with every file they name (the joined file, chunks left over). */
export async function expiredArchives(db: Db, now: Date, limit: number) {
  const rows = await db
    .select({ id: t.id, fileKey: t.fileKey, audioFileKey: t.audioFileKey })
    .from(t)
    .where(lt(t.expiresAt, now))
    .limit(limit)
  if (rows.length === 0) return []
  const chunks = await db
    .select({ archiveId: lessonArchiveChunks.archiveId, key: lessonArchiveChunks.fileKey })
    .from(lessonArchiveChunks)
    .where(
      inArray(
        lessonArchiveChunks.archiveId,
        rows.map((row) => row.id),
      ),
    )
  return rows.map((row) => ({
    id: row.id,
    keys: [
      ...(row.fileKey ? [row.fileKey] : []),
      ...(row.audioFileKey ? [row.audioFileKey] : []),
      ...chunks.filter((chunk) => chunk.archiveId === row.id).map((chunk) => chunk.key),
    ],
  }))
}

/** Whether the student agreed to voice recording (voice_recording_agreed). */
export async function voiceRecordingAgreed(db: Db, studentId: string): Promise<boolean> {
  const [student] = await db
    .select({ agreed: users.voiceRecordingAgreed })
    .from(users)
    .where(eq(users.id, studentId))
  return student?.agreed ?? false
}

/** How many voice clips the lesson keeps. */
export async function voiceClipCount(tx: Db, lessonId: string): Promise<number> {
  const t = lessonVoiceRecordings
  const [held] = await tx.select({ n: count() }).from(t).where(eq(t.lessonId, lessonId))
  return held?.n ?? 0
}

/** Keeps a student's voice clip with the lesson; its id. */
export async function insertVoiceClip(
  tx: Db,
  values: typeof lessonVoiceRecordings.$inferInsert,
): Promise<string> {
  const [row] = await tx
    .insert(lessonVoiceRecordings)
    .values(values)
    .returning({ id: lessonVoiceRecordings.id })
  if (!row) throw new Error('the voice clip was not kept')
  return row.id
}

/** A lesson's voice clips, oldest first (the console's lesson detail). */
export async function lessonVoiceClipRows(db: Db, lessonId: string) {
  const t = lessonVoiceRecordings
  return db
    .select({ id: t.id, key: t.fileKey, size: t.size, durationMs: t.durationMs, createdAt: t.createdAt })
    .from(t)
    .where(eq(t.lessonId, lessonId))
    .orderBy(asc(t.createdAt), asc(t.id))
}
