import type { Grade } from 'ts-fsrs'
import { newCard, reviewCard, stateName } from '../../../domain/ai-lesson/scheduling.ts'
import type { ReviewInput, Word, WordInput } from '../../../domain/api/ai-lesson.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import {
  deleteWordRow,
  findWordByTerm,
  insertWord,
  listWordRows,
  lockWord,
  saveReview,
  type WordRow,
} from './words-repository.ts'

// The wordbook: words saved from the chat or by hand, reviewed on the FSRS schedule
// (domain/ai-lesson/scheduling.ts). A review made offline arrives later through the outbox with
// the time it was made; the server bounds that time, since it never trusts a client's clock.

/** How old an offline review may be when it finally arrives. */
export const REVIEW_AGE_MAX_MS = 30 * 24 * 60 * 60 * 1000

type Ctx = Pick<AppContext, 'db' | 'clock'>

export const wordDto = (row: WordRow): Word => ({
  id: row.id,
  term: row.term,
  translation: row.translation,
  example: row.example,
  due: row.card.due,
  state: stateName(row.card),
  reps: row.card.reps,
  lapses: row.card.lapses,
  last_review: row.card.last_review,
  created_at: row.createdAt.toISOString(),
  card: row.card,
})

export const listWords = async (ctx: Ctx, student: User): Promise<Word[]> =>
  (await listWordRows(ctx.db, student.id)).map(wordDto)

/** Saves a word; saving one the student has already answers that one (one tap, twice, is fine). */
export async function addWord(ctx: Ctx, student: User, input: WordInput): Promise<Word> {
  const now = ctx.clock.now()
  const card = newCard(now)
  const inserted = await insertWord(ctx.db, {
    studentId: student.id,
    term: input.term,
    translation: input.translation,
    example: input.example,
    card,
    due: new Date(card.due),
    createdAt: now,
  })
  const row = inserted ?? (await findWordByTerm(ctx.db, student.id, input.term))
  if (!row) throw new AppError('server_error')
  return wordDto(row)
}

/**
 * A lesson recap's words as new cards, linked to the lesson; a word the student has already (any
 * case) is left as it is. How many were added.
 */
export async function addLessonWords(
  ctx: Ctx,
  studentId: string,
  lessonId: string,
  words: { term: string; translation: string; example: string }[],
): Promise<number> {
  const now = ctx.clock.now()
  let added = 0
  for (const word of words) {
    const card = newCard(now)
    const row = { studentId, lessonId, ...word, card, due: new Date(card.due), createdAt: now }
    if (await insertWord(ctx.db, row)) added++
  }
  return added
}

export async function deleteWord(ctx: Ctx, student: User, id: string): Promise<void> {
  if (!(await deleteWordRow(ctx.db, student.id, id))) throw new AppError('not_found')
}

/** Applies a review inside the caller's transaction (the idempotent write of the outbox). */
export async function reviewWord(tx: Db, student: User, input: ReviewInput, now: Date): Promise<Word> {
  const word = await lockWord(tx, student.id, input.word_id)
  if (!word) throw new AppError('not_found')
  const claimed = Date.parse(input.reviewed_at)
  const lastReview = word.card.last_review ? Date.parse(word.card.last_review) : 0
  const at = new Date(
    Math.max(Math.min(claimed, now.getTime()), now.getTime() - REVIEW_AGE_MAX_MS, lastReview),
  )
  const grade: Grade = input.grade
  const card = reviewCard(word.card, grade, at)
  return wordDto(await saveReview(tx, word, card, { grade: input.grade, reviewedAt: at, now }))
}
