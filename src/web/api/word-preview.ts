import type { Grade } from 'ts-fsrs'
import { reviewCard, stateName } from '../../domain/ai-lesson/scheduling.ts'
import type { Word } from '../../domain/api/ai-lesson.ts'

/** The word as the server will store it after this review (same FSRS, no fuzz): shown offline at once. */
export function previewReview(word: Word, grade: Grade, at: Date): Word {
  const card = reviewCard(word.card, grade, at)
  return {
    ...word,
    card,
    due: card.due,
    state: stateName(card),
    reps: card.reps,
    lapses: card.lapses,
    last_review: card.last_review,
  }
}
