import { type Card, createEmptyCard, fsrs, type Grade, State } from 'ts-fsrs'
import * as v from 'valibot'

// Wordbook reviews: scheduled by FSRS through ts-fsrs, never by a home-made rule.
// Fuzz is off so the server and an offline device schedule a review identically: the device
// shows the next due date at once and the server, replaying the outbox, stores the same one.

const scheduler = fsrs({ enable_fuzz: false })

/** A card as stored (server jsonb, Dexie mirror): ts-fsrs's Card with ISO dates. */
export const storedCardSchema = v.object({
  due: v.string(),
  stability: v.number(),
  difficulty: v.number(),
  elapsed_days: v.number(),
  scheduled_days: v.number(),
  learning_steps: v.number(),
  reps: v.number(),
  lapses: v.number(),
  state: v.picklist([State.New, State.Learning, State.Review, State.Relearning]),
  last_review: v.nullable(v.string()),
})
export type StoredCard = v.InferOutput<typeof storedCardSchema>

const STATE_NAMES = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
} as const

export const stateName = (card: StoredCard) => STATE_NAMES[card.state]

function toStored(card: Card): StoredCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? card.last_review.toISOString() : null,
  }
}

function fromStored(card: StoredCard): Card {
  return {
    ...card,
    due: new Date(card.due),
    last_review: card.last_review ? new Date(card.last_review) : undefined,
  }
}

/** A word just added: due at once. */
export const newCard = (now: Date): StoredCard => toStored(createEmptyCard(now))

/** The card after the student graded it at `at` (1 again, 2 hard, 3 good, 4 easy). */
export function reviewCard(card: StoredCard, grade: Grade, at: Date): StoredCard {
  return toStored(scheduler.next(fromStored(card), at, grade).card)
}

/** A word counts as learned once FSRS schedules it as a review card (past its learning steps). */
export const isLearned = (card: StoredCard) => card.state === State.Review
