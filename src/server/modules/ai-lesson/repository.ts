import { and, asc, count, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm'
import type { Correction } from '../../../domain/api/ai-lesson.ts'
import type { RecapContent } from '../../../domain/api/recaps.ts'
import type { Db } from '../../db/client.ts'
import { languages, studentLearnedLanguages } from '../../db/schema.ts'
import { aiConversations, aiMessages, aiSettings } from '../../db/schema-ai-lesson.ts'
import { lessons } from '../../db/schema-lessons.ts'

// The AI lesson's settings, conversations and messages. Every query names the student.

export type SettingsRow = typeof aiSettings.$inferSelect
export type ConversationRow = typeof aiConversations.$inferSelect
export type MessageRow = typeof aiMessages.$inferSelect

export async function findSettings(db: Db, studentId: string): Promise<SettingsRow | undefined> {
  return (await db.select().from(aiSettings).where(eq(aiSettings.studentId, studentId)))[0]
}

export async function saveSettings(db: Db, row: Omit<SettingsRow, 'updatedAt'>, now: Date): Promise<void> {
  const values = { ...row, updatedAt: now }
  await db.insert(aiSettings).values(values).onConflictDoUpdate({ target: aiSettings.studentId, set: values })
}

/**
 * The student's learned languages (languages_learned, product-rules.md "Records and fields") with
 * their English names.
 */
export async function learnedLanguages(db: Db, studentId: string): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: languages.id, name: languages.name })
    .from(studentLearnedLanguages)
    .innerJoin(languages, eq(languages.id, studentLearnedLanguages.languageId))
    .where(eq(studentLearnedLanguages.studentId, studentId))
    .orderBy(asc(languages.id))
}

export async function languageName(db: Db, id: number): Promise<string | undefined> {
  return (await db.select({ name: languages.name }).from(languages).where(eq(languages.id, id)))[0]?.name
}

export async function findConversation(
  db: Db,
  studentId: string,
  id: string,
): Promise<ConversationRow | undefined> {
  const where = and(eq(aiConversations.id, id), eq(aiConversations.studentId, studentId))
  return (await db.select().from(aiConversations).where(where))[0]
}

export async function latestConversation(db: Db, studentId: string): Promise<ConversationRow | undefined> {
  return (
    await db
      .select()
      .from(aiConversations)
      .where(eq(aiConversations.studentId, studentId))
      .orderBy(desc(aiConversations.createdAt))
      .limit(1)
  )[0]
}

export async function insertConversation(
  db: Db,
  row: Pick<ConversationRow, 'studentId' | 'topic' | 'languageId' | 'level' | 'createdAt'>,
): Promise<ConversationRow> {
  const [inserted] = await db.insert(aiConversations).values(row).returning()
  if (!inserted) throw new Error('conversation not inserted')
  return inserted
}

export async function conversationMessages(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.conversationId, conversationId))
    .orderBy(asc(aiMessages.seq))
}

export async function insertMessage(
  db: Db,
  row: {
    conversationId: string
    studentId: string
    role: 'student' | 'tutor'
    text: string
    corrections?: Correction[]
    createdAt: Date
  },
): Promise<MessageRow> {
  const [inserted] = await db.insert(aiMessages).values(row).returning()
  if (!inserted) throw new Error('message not inserted')
  return inserted
}

/** The student's own messages since `from` (the daily cap). */
export async function studentMessagesSince(db: Db, studentId: string, from: Date): Promise<number> {
  const where = and(
    eq(aiMessages.studentId, studentId),
    eq(aiMessages.role, 'student'),
    gte(aiMessages.createdAt, from),
  )
  return (await db.select({ n: count() }).from(aiMessages).where(where))[0]?.n ?? 0
}

/**
 * The student's last `limit` lessons begun before `now`, not cancelled, with a memo or a note
 * written: the AI lesson's topics (topics.ts).
 */
export async function writtenLessons(db: Db, studentId: string, now: Date, limit: number) {
  // The lesson's newest published recap (docs/decisions.md "The lesson recap"), if any.
  // Written out: in a one-table select Drizzle leaves columns unqualified, and "id" would be the recap's.
  const recap = sql<RecapContent | null>`(SELECT rc.content FROM lesson_recaps rc WHERE rc.lesson_id = "lessons"."id"
    AND rc.status = 'published' ORDER BY rc.published_at DESC LIMIT 1)`
  const written = or(
    sql`coalesce(trim(${lessons.teacherMemos}), '') <> ''`,
    sql`coalesce(trim(${lessons.note}), '') <> ''`,
    sql`${recap} IS NOT NULL`,
  )
  const rows = await db
    .select({ startsAt: lessons.startsAt, memo: lessons.teacherMemos, note: lessons.note, recap })
    .from(lessons)
    .where(
      and(eq(lessons.studentId, studentId), isNull(lessons.cancelledAt), lt(lessons.startsAt, now), written),
    )
    .orderBy(desc(lessons.startsAt))
    .limit(limit)
  return rows
}
