import type { Recap, RecapContent } from '../../../domain/api/recaps.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { viewerOf } from '../../platform/viewer.ts'
import { addLessonWords } from '../ai-lesson/public.ts'
import { findPartyLesson } from '../room/public.ts'
import {
  deleteTranscript,
  editDraft,
  findRecap,
  publishDraft,
  type RecapRow,
  recapsOfLesson,
} from './repository.ts'

// Reading and reviewing recaps (docs/decisions.md "The lesson recap"). Only the lesson's parties
// read one (anyone else: 404, as if there were none); the teacher reviews the draft, edits or
// removes its items and publishes it; the student reads a published recap only and may delete its
// transcript.

type Ctx = Pick<AppContext, 'db' | 'clock'>

export function toRecap(row: RecapRow, asTeacher: boolean): Recap {
  const shown = asTeacher || row.status === 'published'
  return {
    id: row.id,
    lesson_id: row.lessonId,
    status: row.status,
    failure_reason: asTeacher ? row.failureReason : null,
    content: shown ? row.content : null,
    transcript: shown ? row.transcript : null,
    has_transcript: row.transcript !== null,
    publish_at: row.publishAt?.toISOString() ?? null,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

export async function listRecaps(ctx: Ctx, user: User, lessonId: string): Promise<Recap[]> {
  const lesson = await findPartyLesson(ctx.db, viewerOf(user), lessonId)
  const asTeacher = lesson.teacherId === user.id
  return (await recapsOfLesson(ctx.db, lessonId)).map((row) => toRecap(row, asTeacher))
}

/** The recap and whether `user` is its lesson's teacher; 404 for anyone not a party. */
async function partyRecap(ctx: Ctx, user: User, recapId: string) {
  const row = await findRecap(ctx.db, recapId)
  if (!row) throw new AppError('not_found')
  const lesson = await findPartyLesson(ctx.db, viewerOf(user), row.lessonId)
  return { row, asTeacher: lesson.teacherId === user.id }
}

async function teachersRecap(ctx: Ctx, user: User, recapId: string) {
  const { row, asTeacher } = await partyRecap(ctx, user, recapId)
  if (!asTeacher) throw new AppError('forbidden')
  return row
}

export async function updateRecap(
  ctx: Ctx,
  user: User,
  input: { recap_id: string; content: RecapContent },
): Promise<Recap> {
  await teachersRecap(ctx, user, input.recap_id)
  const row = await editDraft(ctx.db, input.recap_id, input.content)
  if (!row) throw new AppError('recap_not_draft')
  return toRecap(row, true)
}

export async function publishRecap(ctx: Ctx, user: User, recapId: string): Promise<Recap> {
  await teachersRecap(ctx, user, recapId)
  const row = await publishDraft(ctx.db, recapId, ctx.clock.now())
  if (!row) throw new AppError('recap_not_draft')
  return toRecap(row, true)
}

/**
 * The published recap's words into the student's wordbook (the AI lesson's, so ai_access is
 * needed), each once and linked to the lesson; how many were new.
 */
export async function addRecapWords(ctx: Ctx, user: User, recapId: string) {
  const { row, asTeacher } = await partyRecap(ctx, user, recapId)
  if (asTeacher) throw new AppError('forbidden')
  // Unpublished, the recap is not the student's to read.
  if (row.status !== 'published' || !row.content) throw new AppError('not_found')
  if (!user.aiAccess) throw new AppError('ai_access_denied')
  const words = row.content.words.map((w) => ({
    term: w.term,
    translation: w.translation,
    example: w.sentence,
  }))
  const added = await addLessonWords(ctx, user.id, row.lessonId, words)
  return { added, total: words.length }
}

export async function removeTranscript(ctx: Ctx, user: User, recapId: string): Promise<Recap> {
  const { asTeacher } = await partyRecap(ctx, user, recapId)
  if (asTeacher) throw new AppError('forbidden')
  const row = await deleteTranscript(ctx.db, recapId)
  if (!row) throw new AppError('not_found')
  return toRecap(row, false)
}
