import { Readable } from 'node:stream'
import type { RecordingStream } from '../../../domain/api/recordings.ts'
import { AppError } from '../../platform/errors.ts'
import { FileRejectedError } from '../../platform/storage.ts'
import { knownLessonSession, lessonSession, type VonageVideo } from '../room/public.ts'
import type { RecordingsContext } from './archives.ts'
import { type ArchiveRow, leaseVonageArchive, markFailed, markReady } from './repository.ts'

// Recordings that the lesson's Vonage session makes: lessons/archives/create starts a
// Vonage archive in manual stream mode, add_stream chooses its streams, stop stops it; then the
// worker asks Vonage until the archive is available and copies the file into the school's own
// storage, so it plays and is kept like a recording of the built-in room.

/** How often a stopped archive is asked after, while Vonage prepares it. */
export const VONAGE_POLL_MS = 15_000
/** The lease of a process copying a finished archive (another takes over after it). */
const COPY_LEASE_MS = 10 * 60_000
/** An archive still not available this long after its stop is given up. */
const GIVE_UP_MS = 24 * 60 * 60_000

const providerDown = (ctx: RecordingsContext, err: unknown) => {
  ctx.log.error({ err, provider: 'vonage' }, 'the video provider did not answer')
  return new AppError('video_provider_unavailable')
}

/** The lesson's Vonage session (made now if nobody has entered the room yet). */
const sessionOf = (ctx: RecordingsContext, vonage: VonageVideo, lessonId: string) =>
  lessonSession(ctx.db, lessonId, 'vonage', () => vonage.createSession())

/** Starts Vonage's archive of the lesson, showing the cameras; its Vonage id. */
export async function startVonageArchive(
  ctx: RecordingsContext,
  vonage: VonageVideo,
  lessonId: string,
): Promise<string> {
  try {
    const sessionId = await sessionOf(ctx, vonage, lessonId)
    const archive = await vonage.startArchive(sessionId, `lesson-${lessonId}`)
    await vonage.select(archive.id, sessionId, 'camera')
    return archive.id
  } catch (error) {
    throw providerDown(ctx, error)
  }
}

/** add_stream: the archive shows `stream` (Vonage's manual stream mode). */
export async function selectVonageStream(
  ctx: RecordingsContext,
  vonage: VonageVideo,
  row: ArchiveRow,
  stream: RecordingStream,
): Promise<void> {
  const sessionId = await knownLessonSession(ctx.db, row.lessonId, 'vonage')
  if (!sessionId || !row.externalId) throw new AppError('recording_not_active')
  await vonage.select(row.externalId, sessionId, stream).catch((error: unknown) => {
    throw providerDown(ctx, error)
  })
}

/** Stops Vonage's archive; a failure is logged (Vonage stops it with the session at the latest). */
export async function stopVonageArchive(ctx: RecordingsContext, vonage: VonageVideo, row: ArchiveRow) {
  if (!row.externalId) return
  try {
    await vonage.stopArchive(row.externalId)
  } catch (err) {
    ctx.log.error({ err, archiveId: row.id }, 'stopping a Vonage archive failed')
  }
}

/** Vonage's archive states after which no file will come. */
const GONE = new Set(['failed', 'expired', 'deleted', 'uploaded'])

/**
 * One look at a stopped Vonage recording, under a lease: copies the file once Vonage has it ready,
 * gives up when it never will; otherwise leaves it for the next look.
 */
export async function fetchVonageArchive(ctx: RecordingsContext, archiveId: string): Promise<void> {
  const now = ctx.clock.now()
  const vonage = ctx.video.vonage
  const leased = await leaseVonageArchive(ctx.db, archiveId, now, new Date(now.getTime() + VONAGE_POLL_MS))
  if (!leased?.externalId) return
  if (!vonage) {
    ctx.log.error({ archiveId }, 'a Vonage recording waits, but Vonage is no longer configured')
    return
  }
  const archive = await vonage.getArchive(leased.externalId)
  if (archive.status === 'started' || archive.status === 'paused') await vonage.stopArchive(archive.id)
  // 'uploaded': Vonage put it in the account's own storage, out of the school's reach.
  if (GONE.has(archive.status) || now.getTime() - (leased.stoppedAt ?? now).getTime() > GIVE_UP_MS) {
    ctx.log.error({ archiveId, status: archive.status }, 'a Vonage recording never became available')
    await markFailed(ctx.db, archiveId, `Vonage never made it available (${archive.status})`)
    return
  }
  if (archive.status !== 'available' || !archive.url) return
  await leaseVonageArchive(ctx.db, archiveId, now, new Date(now.getTime() + COPY_LEASE_MS))
  const response = await fetch(archive.url, { signal: AbortSignal.timeout(COPY_LEASE_MS) })
  if (!response.ok || !response.body) {
    ctx.log.error({ archiveId, status: response.status }, 'downloading a Vonage recording failed')
    return
  }
  let file: Awaited<ReturnType<typeof ctx.storage.put>>
  try {
    file = await ctx.storage.put(Readable.fromWeb(response.body as never), 'provider-recording')
  } catch (error) {
    if (!(error instanceof FileRejectedError)) throw error
    ctx.log.error({ archiveId, err: error }, 'a Vonage recording is larger than the school keeps')
    await markFailed(ctx.db, archiveId, 'larger than the school keeps')
    return
  }
  await markReady(ctx.db, archiveId, {
    key: file.key,
    size: file.size,
    durationMs: Math.round((archive.duration ?? 0) * 1000),
  })
  // The school keeps the one copy: the lesson's faces and voices do not stay at Vonage too.
  await vonage.deleteArchive(archive.id).catch((err: unknown) => {
    ctx.log.error({ err, archiveId }, 'deleting the copy at Vonage failed')
  })
}
