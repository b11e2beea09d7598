import { and, asc, eq, sql } from 'drizzle-orm'
import type { StoredCard } from '../../../domain/ai-lesson/scheduling.ts'
import type { Db } from '../../db/client.ts'
import { aiReviews, aiWords } from '../../db/schema-ai-lesson.ts'

export type WordRow = typeof aiWords.$inferSelect

export const listWordRows = (db: Db, studentId: string): Promise<WordRow[]> =>
  db
    .select()
    .from(aiWords)
    .where(eq(aiWords.studentId, studentId))
    .orderBy(asc(aiWords.due), asc(aiWords.term))

export async function findWordByTerm(db: Db, studentId: string, term: string): Promise<WordRow | undefined> {
  const where = and(eq(aiWords.studentId, studentId), sql`lower(${aiWords.term}) = lower(${term})`)
  return (await db.select().from(aiWords).where(where))[0]
}

/** Inserts the word unless the student has it already (any case); undefined then. */
export async function insertWord(
  db: Db,
  row: Pick<WordRow, 'studentId' | 'term' | 'translation' | 'example' | 'card' | 'due' | 'createdAt'> &
    Partial<Pick<WordRow, 'lessonId'>>,
): Promise<WordRow | undefined> {
  const [inserted] = await db.insert(aiWords).values(row).onConflictDoNothing().returning()
  return inserted
}

export async function lockWord(db: Db, studentId: string, id: string): Promise<WordRow | undefined> {
  const where = and(eq(aiWords.id, id), eq(aiWords.studentId, studentId))
  return (await db.select().from(aiWords).where(where).for('update'))[0]
}

export async function deleteWordRow(db: Db, studentId: string, id: string): Promise<boolean> {
  const where = and(eq(aiWords.id, id), eq(aiWords.studentId, studentId))
  return (await db.delete(aiWords).where(where).returning({ id: aiWords.id })).length > 0
}

export async function saveReview(
  db: Db,
  word: WordRow,
  card: StoredCard,
  review: { grade: number; reviewedAt: Date; now: Date },
): Promise<WordRow> {
  await db.insert(aiReviews).values({
    wordId: word.id,
    studentId: word.studentId,
    grade: review.grade,
    reviewedAt: review.reviewedAt,
    createdAt: review.now,
  })
  const [updated] = await db
    .update(aiWords)
    .set({ card, due: new Date(card.due) })
    .where(eq(aiWords.id, word.id))
    .returning()
  if (!updated) throw new Error('word not updated')
  return updated
}
