import * as v from 'valibot'
import { storedCardSchema } from '../ai-lesson/scheduling.ts'
import { issue } from '../validation/issues.ts'
import { requiredLine, requiredText } from '../validation/rules.ts'
import { singleLine, storableString } from '../validation/storable-text.ts'
import { envelope, idSchema, localeSchema } from './common.ts'

// The AI lesson (architecture.md "AI lesson"; the ai-lesson screen, GET /students/ai-lesson-url):
// the payloads of the built-in tutor's endpoints under /ai-lesson/*. Everything here belongs to one
// student only.

export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const
export type CefrLevel = (typeof CEFR_LEVELS)[number]
/** A stored level read back (an operator may have written anything). */
export const cefrLevel = (value: unknown): CefrLevel | undefined =>
  CEFR_LEVELS.find((level) => level === value)
export const MISTAKE_KINDS = ['grammar', 'vocabulary', 'spelling', 'word_order'] as const
export type MistakeKind = (typeof MISTAKE_KINDS)[number]
/** FSRS grades (ts-fsrs Rating): again, hard, good, easy. */
export const REVIEW_GRADES = [1, 2, 3, 4] as const
export const CHAT_TEXT_MAX = 2000
export const DAILY_GOAL_MIN = 5
export const DAILY_GOAL_MAX = 120

/** An optional single-line text (a topic, a translation, an example sentence). */
const optionalLine = (max: number) =>
  v.optional(
    v.pipe(
      storableString(issue('invalid')),
      singleLine(),
      v.trim(),
      v.maxLength(max, issue('too_long', max)),
    ),
    '',
  )
const isoTime = v.pipe(v.string(), v.isoTimestamp(issue('invalid')))

export const aiLessonUrlSchema = v.object({
  url: v.string(),
  provider: v.picklist(['built_in', 'external']),
  expires_at: v.string(),
})
export const aiLessonUrlResponse = envelope(aiLessonUrlSchema)
export type AiLessonUrl = v.InferOutput<typeof aiLessonUrlSchema>

export const aiSettingsSchema = v.object({
  /** One of the student's learned languages; null until they have one. */
  language_id: v.nullable(v.pipe(v.number(issue('language_required')), v.integer(issue('invalid')))),
  level: v.picklist(CEFR_LEVELS, issue('level_required')),
  explanation_locale: localeSchema,
  daily_goal_minutes: v.pipe(
    v.number(issue('required')),
    v.integer(issue('invalid')),
    v.minValue(DAILY_GOAL_MIN, issue('invalid')),
    v.maxValue(DAILY_GOAL_MAX, issue('invalid')),
  ),
})
export type AiSettings = v.InferOutput<typeof aiSettingsSchema>
export const aiSettingsResponse = envelope(
  v.object({ ...aiSettingsSchema.entries, chat_enabled: v.boolean(), transcription_enabled: v.boolean() }),
)
export type AiSettingsView = v.InferOutput<typeof aiSettingsResponse>['data']

export const correctionSchema = v.object({
  kind: v.picklist(MISTAKE_KINDS),
  wrong: v.string(),
  right: v.string(),
  explanation: v.string(),
})
export type Correction = v.InferOutput<typeof correctionSchema>

export const chatMessageSchema = v.object({
  id: idSchema,
  role: v.picklist(['student', 'tutor']),
  text: v.string(),
  corrections: v.array(correctionSchema),
  created_at: v.string(),
})
export type ChatMessage = v.InferOutput<typeof chatMessageSchema>

export const conversationSchema = v.object({
  id: idSchema,
  topic: v.string(),
  language_id: v.number(),
  level: v.picklist(CEFR_LEVELS),
  created_at: v.string(),
  messages: v.array(chatMessageSchema),
})
export type Conversation = v.InferOutput<typeof conversationSchema>
export const conversationResponse = envelope(v.nullable(conversationSchema))
export const conversationQuery = v.object({ conversation_id: v.optional(idSchema) })

export const chatInputSchema = v.object({
  conversation_id: v.optional(idSchema),
  /** A new conversation's topic (ignored when continuing one). */
  topic: optionalLine(200),
  text: requiredText(CHAT_TEXT_MAX),
})
export type ChatInput = v.InferOutput<typeof chatInputSchema>
export const chatRetrySchema = v.object({ conversation_id: idSchema })

/** Server-sent events of POST /ai-lesson/chat and /ai-lesson/chat/retry, in this order. */
export const chatEventSchemas = {
  /** The conversation with the student's message stored, before the model is asked. */
  stored: v.object({ conversation: conversationSchema }),
  delta: v.object({ text: v.string() }),
  done: v.object({ message: chatMessageSchema }),
  error: v.object({ code: v.string(), error: v.string() }),
}

export const topicSchema = v.object({
  title: v.string(),
  lesson_date: v.string(),
  /** Drawn from the lesson's published recap: its topics and new words ("practise this lesson"). */
  from_recap: v.boolean(),
})
export const topicsResponse = envelope(v.array(topicSchema))
export type LessonTopic = v.InferOutput<typeof topicSchema>

export const wordSchema = v.object({
  id: idSchema,
  term: v.string(),
  translation: v.string(),
  example: v.string(),
  due: v.string(),
  state: v.picklist(['new', 'learning', 'review', 'relearning']),
  reps: v.number(),
  lapses: v.number(),
  last_review: v.nullable(v.string()),
  created_at: v.string(),
  /** The FSRS card itself, so a device offline schedules a review as the server will. */
  card: storedCardSchema,
})
export type Word = v.InferOutput<typeof wordSchema>
export const wordResponse = envelope(wordSchema)
export const wordListResponse = envelope(v.array(wordSchema))
export const emptyResponse = envelope(v.null())

export const wordInputSchema = v.object({
  term: requiredLine(120),
  translation: optionalLine(200),
  example: optionalLine(300),
})
export type WordInput = v.InferOutput<typeof wordInputSchema>
export const wordIdSchema = v.object({ word_id: idSchema })

export const reviewInputSchema = v.object({
  word_id: idSchema,
  grade: v.picklist(REVIEW_GRADES, issue('invalid')),
  /** When the student graded it (offline reviews arrive later); the server bounds it. */
  reviewed_at: isoTime,
})
export type ReviewInput = v.InferOutput<typeof reviewInputSchema>

export const wordResultSchema = v.object({
  expected: v.string(),
  heard: v.nullable(v.string()),
  correct: v.boolean(),
})
export type WordResult = v.InferOutput<typeof wordResultSchema>
export const pronunciationResultSchema = v.object({
  target: v.string(),
  transcript: v.string(),
  score: v.number(),
  words: v.array(wordResultSchema),
})
export type PronunciationResult = v.InferOutput<typeof pronunciationResultSchema>
export const pronunciationResponse = envelope(pronunciationResultSchema)
export const PRONUNCIATION_FIELDS = { target: 'target', audio: 'audio' } as const
export const pronunciationTargetSchema = requiredLine(300)

export const progressDaySchema = v.object({
  date: v.string(),
  reviews: v.number(),
  conversation_minutes: v.number(),
  mistakes: v.object({
    grammar: v.number(),
    vocabulary: v.number(),
    spelling: v.number(),
    word_order: v.number(),
  }),
})
export type ProgressDay = v.InferOutput<typeof progressDaySchema>
export const progressSchema = v.object({
  words_total: v.number(),
  words_learned: v.number(),
  words_due: v.number(),
  review_streak_days: v.number(),
  reviews_today: v.number(),
  minutes_today: v.number(),
  days: v.array(progressDaySchema),
})
export type Progress = v.InferOutput<typeof progressSchema>
export const progressResponse = envelope(progressSchema)
