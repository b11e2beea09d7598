import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import type { RecapContent, Transcript } from '../../../domain/api/recaps.ts'
import type { Db } from '../../db/client.ts'
import { languages, settings, users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { lessonArchives, lessonRecaps } from '../../db/schema-recordings.ts'

// The lesson recaps' rows (docs/decisions.md "The lesson recap"). Every change of a recap's state
// is one statement that checks the state it expects, so a retried job or a second process cannot
// make it twice.

export type RecapRow = typeof lessonRecaps.$inferSelect
const t = lessonRecaps

/** What deciding on a recap for a ready recording needs: its audio, its lesson, the school's cap. */
export async function recapCandidate(tx: Db, archiveId: string) {
  const [row] = await tx
    .select({
      lessonId: lessonArchives.lessonId,
      status: lessonArchives.status,
      audioFileKey: lessonArchives.audioFileKey,
      consent: users.voiceRecordingAgreed,
    })
    .from(lessonArchives)
    .innerJoin(lessons, eq(lessons.id, lessonArchives.lessonId))
    .innerJoin(users, eq(users.id, lessons.studentId))
    .where(eq(lessonArchives.id, archiveId))
  return row ?? null
}

/** The school's recaps a day (0: off). */
export async function recapDailyMax(tx: Db): Promise<number> {
  const [row] = await tx.select({ max: settings.recapDailyMax }).from(settings).where(eq(settings.id, 1))
  return row?.max ?? 0
}

/** A recap being prepared for the recording; null when it has one already. */
export async function insertRecap(
  tx: Db,
  values: { archiveId: string; lessonId: string; now: Date },
): Promise<string | null> {
  const [row] = await tx
    .insert(t)
    .values({
      archiveId: values.archiveId,
      lessonId: values.lessonId,
      status: 'preparing',
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: t.id })
  return row?.id ?? null
}

/** The recap with what its job sends: the audio track, the lesson's language, memo and student. */
export async function recapWork(db: Db, recapId: string) {
  const [row] = await db
    .select({
      recap: t,
      audioFileKey: lessonArchives.audioFileKey,
      language: languages.name,
      teacherMemo: lessons.teacherMemos,
      studentLocale: users.locale,
      consent: users.voiceRecordingAgreed,
    })
    .from(t)
    .innerJoin(lessonArchives, eq(lessonArchives.id, t.archiveId))
    .innerJoin(lessons, eq(lessons.id, t.lessonId))
    .innerJoin(languages, eq(languages.id, lessons.languageId))
    .innerJoin(users, eq(users.id, lessons.studentId))
    .where(eq(t.id, recapId))
  return row ?? null
}

/** One more run of the recap's job; its count, or null when the recap is no longer being prepared. */
export async function countAttempt(db: Db, recapId: string): Promise<number | null> {
  const [row] = await db
    .update(t)
    .set({ attempts: sql`${t.attempts} + 1` })
    .where(and(eq(t.id, recapId), eq(t.status, 'preparing')))
    .returning({ attempts: t.attempts })
  return row?.attempts ?? null
}

/**
 * Counts the recap against the school's day [from, to), under the settings row's lock so that
 * recaps starting together cannot pass the cap: 'started', or 'full' when the day's are made.
 */
export async function startWithinCap(
  db: Db,
  recapId: string,
  day: { from: Date; to: Date },
  now: Date,
): Promise<'started' | 'full'> {
  return db.transaction(async (tx) => {
    const [school] = await tx
      .select({ max: settings.recapDailyMax })
      .from(settings)
      .where(eq(settings.id, 1))
      .for('update')
    const [started] = await tx
      .select({ n: count() })
      .from(t)
      .where(and(gte(t.startedAt, day.from), lt(t.startedAt, day.to)))
    if ((started?.n ?? 0) >= (school?.max ?? 0)) return 'full'
    await tx
      .update(t)
      .set({ startedAt: now })
      .where(and(eq(t.id, recapId), isNull(t.startedAt)))
    return 'started'
  })
}

export async function saveTranscript(db: Db, recapId: string, transcript: Transcript): Promise<void> {
  await db
    .update(t)
    .set({ transcript })
    .where(and(eq(t.id, recapId), eq(t.status, 'preparing')))
}

/** The model's recap becomes the teacher's draft; false when the recap was no longer prepared. */
export async function saveDraft(tx: Db, recapId: string, content: RecapContent, publishAt: Date) {
  const [row] = await tx
    .update(t)
    .set({ status: 'draft', content, publishAt, failureReason: null })
    .where(and(eq(t.id, recapId), eq(t.status, 'preparing')))
    .returning({ id: t.id })
  return row !== undefined
}

export async function markRecapFailed(db: Db, recapId: string, reason: string): Promise<void> {
  await db
    .update(t)
    .set({ status: 'failed', failureReason: reason.slice(0, 500) })
    .where(and(eq(t.id, recapId), eq(t.status, 'preparing')))
}

/** A draft the teacher left is published (its job comes due at `publish_at`). */
export async function publishDue(db: Db, recapId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(t)
    .set({ status: 'published', publishedAt: now })
    .where(and(eq(t.id, recapId), eq(t.status, 'draft')))
    .returning({ id: t.id })
  return row !== undefined
}

/** The lesson's recaps, newest first. */
export async function recapsOfLesson(db: Db, lessonId: string): Promise<RecapRow[]> {
  return db.select().from(t).where(eq(t.lessonId, lessonId)).orderBy(desc(t.createdAt), desc(t.id))
}

export async function findRecap(db: Db, recapId: string): Promise<RecapRow | null> {
  const [row] = await db.select().from(t).where(eq(t.id, recapId))
  return row ?? null
}

/** The teacher's edit of a draft; null when the recap is not a draft (any more). */
export async function editDraft(db: Db, recapId: string, content: RecapContent): Promise<RecapRow | null> {
  const [row] = await db
    .update(t)
    .set({ content })
    .where(and(eq(t.id, recapId), eq(t.status, 'draft')))
    .returning()
  return row ?? null
}

/** The teacher publishes the draft; null when it is not a draft. */
export async function publishDraft(db: Db, recapId: string, now: Date): Promise<RecapRow | null> {
  const [row] = await db
    .update(t)
    .set({ status: 'published', publishedAt: now })
    .where(and(eq(t.id, recapId), eq(t.status, 'draft')))
    .returning()
  return row ?? null
}

/** The student deletes the transcript (the recap itself stays). */
export async function deleteTranscript(db: Db, recapId: string): Promise<RecapRow | null> {
  const [row] = await db.update(t).set({ transcript: null }).where(eq(t.id, recapId)).returning()
  return row ?? null
}

/** How many recaps are in each state, and the latest ones (`ops recaps`). */
export async function recapStates(db: Db, limit: number) {
  const counts = await db.select({ status: t.status, n: count() }).from(t).groupBy(t.status)
  const latest = await db
    .select({
      id: t.id,
      lessonId: t.lessonId,
      status: t.status,
      failureReason: t.failureReason,
      createdAt: t.createdAt,
      publishAt: t.publishAt,
    })
    .from(t)
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit)
  return { counts, latest }
}
