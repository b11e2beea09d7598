import type { ReviewInput } from '../../domain/api/ai-lesson.ts'
import type { LessonUpdate, RatingInput } from '../../domain/api/my-lessons.ts'

/** A rating as it waits: created or changed, the choice made when it was written. */
export type OutboxRating = RatingInput & { mode: 'create' | 'update' }

/**
 * The writes that may wait in the outbox, told apart by `kind`: notes and memos (lessons/update),
 * ratings, and the AI lesson's wordbook reviews (their `lessonId` is the word's id). The replay's
 * dispatcher (web/api/outbox-sender.ts) handles every kind, or the compiler says which it misses.
 */
export type OutboxWrite = { lessonId: string; idempotencyKey: string } & (
  | { kind: 'update'; input: LessonUpdate }
  | { kind: 'rating'; input: OutboxRating }
  | { kind: 'aiReview'; input: ReviewInput }
)

export type OutboxKind = OutboxWrite['kind']
