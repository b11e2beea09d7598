import { sql } from 'drizzle-orm'
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { StoredCard } from '../../domain/ai-lesson/scheduling.ts'
import type { Correction, WordResult } from '../../domain/api/ai-lesson.ts'
import { languages, users } from './schema.ts'
import { lessons } from './schema-lessons.ts'

// The AI lesson. Every row belongs to one student (student_id): every query filters
// by it, so nothing a student writes or records here reaches another student or a teacher.

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow()
const student = () =>
  uuid('student_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

export const aiSettings = pgTable('ai_settings', {
  studentId: student().primaryKey(),
  languageId: integer('language_id').references(() => languages.id),
  level: text('level').notNull(),
  explanationLocale: text('explanation_locale', { enum: ['pl', 'en'] }).notNull(),
  dailyGoalMinutes: integer('daily_goal_minutes').notNull(),
  updatedAt: at('updated_at'),
})

export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: student(),
    topic: text('topic').notNull(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    level: text('level').notNull(),
    createdAt: at('created_at'),
  },
  (t) => [index('ai_conversations_student_idx').on(t.studentId, t.createdAt)],
)

// The student's message is inserted before the model is asked (a failure loses nothing); the
// tutor's once its whole reply has arrived.
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The order of the conversation: two messages may share a timestamp (a fast model, a test clock).
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    studentId: student(),
    role: text('role', { enum: ['student', 'tutor'] }).notNull(),
    text: text('text').notNull(),
    corrections: jsonb('corrections').$type<Correction[]>().notNull().default([]),
    createdAt: at('created_at'),
  },
  (t) => [
    index('ai_messages_conversation_idx').on(t.conversationId, t.seq),
    index('ai_messages_student_idx').on(t.studentId, t.role, t.createdAt),
  ],
)

export const aiWords = pgTable(
  'ai_words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: student(),
    term: text('term').notNull(),
    translation: text('translation').notNull(),
    example: text('example').notNull(),
    /** The lesson whose recap it came from (docs/decisions.md "The lesson recap"); null otherwise. */
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    card: jsonb('card').$type<StoredCard>().notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    createdAt: at('created_at'),
  },
  (t) => [
    uniqueIndex('ai_words_student_term_key').on(t.studentId, sql`lower(${t.term})`),
    index('ai_words_student_due_idx').on(t.studentId, t.due),
  ],
)

export const aiReviews = pgTable(
  'ai_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    wordId: uuid('word_id')
      .notNull()
      .references(() => aiWords.id, { onDelete: 'cascade' }),
    studentId: student(),
    grade: smallint('grade').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    createdAt: at('created_at'),
  },
  (t) => [index('ai_reviews_student_idx').on(t.studentId, t.reviewedAt)],
)

// The transcript and score only: the recording itself stays on the student's device.
export const aiPronunciationAttempts = pgTable(
  'ai_pronunciation_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: student(),
    target: text('target').notNull(),
    transcript: text('transcript').notNull(),
    score: smallint('score').notNull(),
    words: jsonb('words').$type<WordResult[]>().notNull(),
    createdAt: at('created_at'),
  },
  (t) => [index('ai_pronunciation_student_idx').on(t.studentId, t.createdAt)],
)
