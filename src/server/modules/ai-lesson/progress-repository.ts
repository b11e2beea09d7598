import { and, eq, gte } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { aiMessages, aiPronunciationAttempts, aiReviews, aiWords } from '../../db/schema-ai-lesson.ts'

export const reviewTimesSince = (db: Db, studentId: string, from: Date) =>
  db
    .select({ at: aiReviews.reviewedAt })
    .from(aiReviews)
    .where(and(eq(aiReviews.studentId, studentId), gte(aiReviews.reviewedAt, from)))

export const messagesSince = (db: Db, studentId: string, from: Date) =>
  db
    .select({
      conversationId: aiMessages.conversationId,
      role: aiMessages.role,
      corrections: aiMessages.corrections,
      at: aiMessages.createdAt,
    })
    .from(aiMessages)
    .where(and(eq(aiMessages.studentId, studentId), gte(aiMessages.createdAt, from)))

export const wordCards = (db: Db, studentId: string) =>
  db.select({ card: aiWords.card }).from(aiWords).where(eq(aiWords.studentId, studentId))

export async function insertAttempt(db: Db, row: typeof aiPronunciationAttempts.$inferInsert): Promise<void> {
  await db.insert(aiPronunciationAttempts).values(row)
}
