import { Readable } from 'node:stream'
import { RECORDING_UPLOADER_GONE_MS } from '../../../domain/api/recordings.ts'
import type { RecordingNotice } from '../../../domain/api/room.ts'
import { JOIN_WINDOW_MINUTES } from '../../../domain/constants.ts'
import { discardFiles } from '../../platform/storage.ts'
import { planRecap } from '../recaps/public.ts'
import type { RecordingsContext } from './archives.ts'
import {
  type ArchiveRow,
  type ChunkRow,
  chunksOf,
  deleteArchive,
  expiredArchives,
  markFailed,
  markReady,
  reclaimProcessing,
  stopRecording,
  unfinishedArchives,
} from './repository.ts'
import { fetchVonageArchive, stopVonageArchive } from './vonage-archives.ts'
import { scanWebm, seekableWebm } from './webm-seekable.ts'
import { firstBytes, webmStructure } from './webm-structure.ts'

// Finishing recordings: a stopped recording's chunks are joined into one seekable WebM
// (webm-seekable.ts) and deleted. A recording also finishes when its uploader has been silent for
// RECORDING_UPLOADER_GONE_MS (a closed tab, a crash, a lost connection) or its room has closed,
// and one left half-joined by a process that died is taken over. Silence counts only while this
// process could have heard the uploader: for that long after it starts, nothing is taken for
// abandoned by its silence (a server restart is not the uploader's silence: it sends again once
// the server is back). Expired recordings are deleted
// with their files. Every claim is a conditional update, so several processes share the work.

/** A recording processing for this long was left by a process that stopped. */
const PROCESSING_STALE_MS = 10 * 60_000
const TICK_MS = 10_000
const RETENTION_EVERY_MS = 60 * 60_000
const RETENTION_BATCH = 100

/** The chunks from number 0 on without a gap: a missing one ends the recording there. */
function inOrder(chunks: ChunkRow[]): ChunkRow[] {
  const kept: ChunkRow[] = []
  for (const chunk of chunks) {
    if (chunk.seq !== kept.length) break
    kept.push(chunk)
  }
  return kept
}

export type RecordingWorker = {
  /** Joins a recording this process has just stopped, in the background. */
  finish(archive: ArchiveRow): void
  /** Finishes abandoned recordings and deletes expired ones (what the timers run). */
  tick(): Promise<void>
  /** Resolves once nothing is being joined. */
  idle(): Promise<void>
  close(): Promise<void>
}

export function createRecordingWorker(
  ctx: RecordingsContext,
  notify: (lessonId: string, notice: RecordingNotice) => void,
): RecordingWorker {
  const running = new Set<Promise<void>>()
  const startedAt = ctx.clock.now().getTime()
  let lastRetention = 0
  let closed = false

  const inBackground = (work: () => Promise<void>) => {
    const run: Promise<void> = work()
      .catch((err: unknown) => ctx.log.error({ err }, 'finishing a recording failed'))
      .finally(() => running.delete(run))
    running.add(run)
  }

  async function* streamsOf(chunks: ChunkRow[]): AsyncGenerator<Readable> {
    for (const chunk of chunks) yield ctx.storage.read(chunk.fileKey)
  }

  /** Bytes as the one source the decoder reads. */
  async function* sourcesOf(bytes: AsyncIterable<Buffer>): AsyncGenerator<Readable> {
    yield Readable.from(bytes, { objectMode: false })
  }

  async function join(archive: ArchiveRow): Promise<void> {
    const chunks = await chunksOf(ctx.db, archive.id)
    if (chunks.length === 0) {
      // Stopped before anything was recorded: nothing to keep.
      await deleteArchive(ctx.db, archive.id)
      return
    }
    try {
      const video = inOrder(chunks.filter((chunk) => chunk.track === 'video'))
      const outcome = await joinChunks(archive, video)
      if ('failed' in outcome) {
        ctx.log.error({ archiveId: archive.id, reason: outcome.failed }, 'a recording could not be joined')
        await markFailed(ctx.db, archive.id, outcome.failed)
      } else {
        const audio = await joinAudio(archive, inOrder(chunks.filter((chunk) => chunk.track === 'audio')))
        await markReady(ctx.db, archive.id, { ...outcome, audio }, (tx) => planRecap(tx, ctx, archive.id))
      }
    } catch (err) {
      // A decoder's or the storage's error ends the recording too: never processing for ever.
      ctx.log.error({ err, archiveId: archive.id }, 'joining a recording failed')
      await markFailed(ctx.db, archive.id, err instanceof Error ? err.message : String(err))
    } finally {
      await discardFiles(
        ctx,
        chunks.map((chunk) => chunk.fileKey),
      )
    }
  }

  /**
   * The playable part of the chunks as one seekable file: the bytes are first walked for WebM's
   * structure (webm-structure.ts), and only what fits is decoded and kept (docs/decisions.md
   * "A recording that cannot be decoded ends").
   */
  async function joinChunks(
    archive: ArchiveRow,
    chunks: ChunkRow[],
  ): Promise<{ key: string; size: number; durationMs: number } | { failed: string }> {
    const structure = await webmStructure(streamsOf(chunks))
    const playable = () => firstBytes(streamsOf(chunks), structure.length)
    const scan = structure.length > 0 ? await scanWebm(sourcesOf(playable())) : null
    if (!scan) return { failed: structure.problem ?? 'no playable media' }
    if (structure.problem)
      ctx.log.info(
        { archiveId: archive.id, problem: structure.problem },
        'a recording keeps its playable start',
      )
    const file = await ctx.storage.put(Readable.from(seekableWebm(scan, sourcesOf(playable()))), 'recording')
    return { key: file.key, size: file.size, durationMs: scan.durationMs }
  }

  /**
   * The audio-only track (for the lesson recap) as one file: its playable part, as it came (a
   * transcription reads it through; nobody seeks in it). Optional: without it the recording is
   * still ready, only without a recap.
   */
  async function joinAudio(
    archive: ArchiveRow,
    chunks: ChunkRow[],
  ): Promise<{ key: string; size: number } | null> {
    if (chunks.length === 0) return null
    try {
      const structure = await webmStructure(streamsOf(chunks))
      if (structure.length === 0) return null
      const file = await ctx.storage.put(
        Readable.from(firstBytes(streamsOf(chunks), structure.length)),
        'recording',
      )
      return { key: file.key, size: file.size }
    } catch (err) {
      ctx.log.error({ err, archiveId: archive.id }, 'the audio track of a recording could not be kept')
      return null
    }
  }

  const finish = (archive: ArchiveRow) => {
    // A Vonage recording is fetched once Vonage has it ready (the next rounds).
    if (archive.recordedBy === 'vonage') return
    inBackground(() => join(archive))
  }

  async function finishAbandoned(now: Date) {
    // Silence since the later of the last chunk and this process's start: before the process has
    // listened for RECORDING_UPLOADER_GONE_MS, no silence is long enough.
    const listened = now.getTime() - startedAt >= RECORDING_UPLOADER_GONE_MS
    const goneBefore = new Date(listened ? now.getTime() - RECORDING_UPLOADER_GONE_MS : 0)
    const staleBefore = new Date(now.getTime() - PROCESSING_STALE_MS)
    const windowMs = JOIN_WINDOW_MINUTES * 60_000
    for (const { id, status, recordedBy } of await unfinishedArchives(
      ctx.db,
      now,
      goneBefore,
      staleBefore,
      windowMs,
    )) {
      if (recordedBy === 'vonage' && status === 'processing') {
        await fetchVonageArchive(ctx, id).catch((err: unknown) =>
          ctx.log.error({ err, archiveId: id }, 'fetching a Vonage recording failed'),
        )
        continue
      }
      // One recording's trouble never stops the round for the others.
      await finishOne(id, status, now, staleBefore).catch((err: unknown) =>
        ctx.log.error({ err, archiveId: id }, 'finishing a recording failed'),
      )
    }
  }

  async function finishOne(id: string, status: ArchiveRow['status'], now: Date, staleBefore: Date) {
    const claimed =
      status === 'recording'
        ? await stopRecording(ctx.db, { archiveId: id }, now)
        : await reclaimProcessing(ctx.db, id, now, staleBefore)
    if (!claimed) return
    if (status === 'recording') {
      notify(claimed.lessonId, { archive_id: id, state: 'stopped', stream_id: claimed.streamId })
    }
    if (claimed.recordedBy === 'vonage') {
      if (ctx.video.vonage) await stopVonageArchive(ctx, ctx.video.vonage, claimed)
      return
    }
    await join(claimed)
  }

  async function deleteExpired(now: Date) {
    for (;;) {
      const expired = await expiredArchives(ctx.db, now, RETENTION_BATCH)
      for (const archive of expired) {
        await deleteArchive(ctx.db, archive.id)
        await discardFiles(ctx, archive.keys)
      }
      if (expired.length < RETENTION_BATCH) return
    }
  }

  async function tick() {
    const now = ctx.clock.now()
    await finishAbandoned(now)
    if (now.getTime() - lastRetention >= RETENTION_EVERY_MS) {
      lastRetention = now.getTime()
      await deleteExpired(now)
    }
  }

  let ticking: Promise<void> = Promise.resolve()
  const timer = setInterval(() => {
    if (closed) return
    ticking = ticking
      .then(tick)
      .catch((err: unknown) => ctx.log.error({ err }, 'the recording worker failed'))
  }, TICK_MS)
  timer.unref()

  return {
    finish,
    tick: () => {
      ticking = ticking.then(tick)
      return ticking
    },
    async idle() {
      while (running.size > 0) await Promise.all(running)
      await ticking
    },
    async close() {
      closed = true
      clearInterval(timer)
      await ticking.catch(() => {})
      while (running.size > 0) await Promise.all(running)
    },
  }
}
