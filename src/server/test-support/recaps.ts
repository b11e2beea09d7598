import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { RecapContent } from '../../domain/api/recaps.ts'
import { lessonArchives, lessonRecaps } from '../db/schema-recordings.ts'
import { planRecap } from '../modules/recaps/public.ts'
import { markReady } from '../modules/recordings/repository.ts'
import type { FileStorage } from '../platform/storage.ts'
import type { TestApp } from './build-test-app.ts'
import { addLessonAt, lessonParties } from './my-lessons.ts'

// Fixtures of the lesson recap: a recording made ready the way the recording worker makes it
// (its recap planned in the same transaction), with an audio track beside its video, and the
// stand-in model's fixed transcript and recap.

export const RECAP_TRANSCRIPT = {
  text: 'Today we order food. I would like a sandwich. I want a sandwich please.',
  segments: [
    { start: 0, end: 4.2, text: 'Today we order food.' },
    { start: 4.2, end: 9, text: 'I would like a sandwich.' },
    { start: 9, end: 13.5, text: 'I want a sandwich please.' },
  ],
}

export const RECAP_ANSWER: RecapContent = {
  topics: ['Ordering food in a café'],
  words: [
    { term: 'sandwich', sentence: 'I would like a sandwich.', translation: 'kanapka' },
    { term: 'I would like', sentence: 'I would like a sandwich.', translation: 'chciał(a)bym' },
  ],
  mistakes: [
    {
      wrong: 'I want a sandwich please',
      right: 'I would like a sandwich, please',
      explanation: 'Grzeczniej.',
    },
  ],
  exercises: [
    { prompt: 'Order a coffee politely.', answer: 'I would like a coffee, please.' },
    { prompt: 'Translate: kanapka', answer: 'sandwich' },
    { prompt: 'Correct: I want tea.', answer: 'I would like some tea.' },
  ],
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A lesson an hour ago whose recording (video and audio) has just become ready. */
export async function readyRecording(
  t: TestApp,
  options: { agreed?: boolean; memo?: string; storage?: FileStorage; audio?: Buffer } = {},
) {
  const storage = options.storage ?? t.storage
  const pair = await lessonParties(t, { student: { voiceRecordingAgreed: options.agreed ?? true } })
  const lesson = await addLessonAt(t, pair, -60, { teacherMemos: options.memo ?? null })
  const videoBytes = Buffer.from(`video of ${lesson.id}`)
  const audioBytes = options.audio ?? Buffer.from(`opus audio of ${lesson.id}`)
  const video = await storage.put(Readable.from([videoBytes]), 'recording-chunk')
  const audio = await storage.put(Readable.from([audioBytes]), 'recording-chunk')
  const now = t.clock.now()
  const [archive] = await t.database.db
    .insert(lessonArchives)
    .values({
      lessonId: lesson.id,
      startedBy: pair.teacher.user.id,
      status: 'processing',
      startedAt: new Date(now.getTime() - 50 * 60_000),
      stoppedAt: now,
      processingSince: now,
      expiresAt: new Date(now.getTime() + 90 * 86_400_000),
    })
    .returning()
  if (!archive) throw new Error('no archive')
  await markReady(
    t.database.db,
    archive.id,
    {
      key: video.key,
      size: video.size,
      durationMs: 50 * 60_000,
      audio: { key: audio.key, size: audio.size },
    },
    (tx) => planRecap(tx, t.ctx, archive.id),
  )
  return {
    ...pair,
    lesson,
    archiveId: archive.id,
    audioSha: sha256(audioBytes),
    videoSha: sha256(videoBytes),
  }
}

export async function recapOf(t: TestApp, lessonId: string) {
  const rows = await t.database.db.select().from(lessonRecaps).where(eq(lessonRecaps.lessonId, lessonId))
  return rows
}

/** The recap's jobs on `queue` (pg-boss's table), with when each may start and its singleton key. */
export async function recapJobs(
  t: TestApp,
  queue: 'lesson-recap' | 'lesson-recap-publish',
  recapIds: string[],
) {
  const jobs = await t.database.pool.query<{
    recap: string
    start_after: Date
    singleton_key: string | null
  }>(
    `select data->>'recapId' as recap, start_after, singleton_key from pgboss.job where name = $1 and data->>'recapId' = any($2)`,
    [queue, recapIds],
  )
  return jobs.rows
}

/** Recaps of `lessonId` written straight in, each on a ready recording of its own: one draft, one published. */
export async function recapRowsOf(t: TestApp, lessonId: string, teacherId: string) {
  const now = t.clock.now()
  const recapIn = async (status: 'draft' | 'published') => {
    const [archive] = await t.database.db
      .insert(lessonArchives)
      .values({
        lessonId,
        startedBy: teacherId,
        status: 'ready',
        startedAt: now,
        expiresAt: new Date(now.getTime() + 90 * 86_400_000),
      })
      .returning()
    if (!archive) throw new Error('no archive')
    const [recap] = await t.database.db
      .insert(lessonRecaps)
      .values({
        archiveId: archive.id,
        lessonId,
        status,
        content: RECAP_ANSWER,
        transcript: RECAP_TRANSCRIPT,
        publishAt: now,
        publishedAt: status === 'published' ? now : null,
      })
      .returning()
    if (!recap) throw new Error('no recap')
    return recap.id
  }
  return { draft: await recapIn('draft'), published: await recapIn('published') }
}
