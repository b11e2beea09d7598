import { isLearned } from '../../../domain/ai-lesson/scheduling.ts'
import type { MistakeKind, Progress, ProgressDay } from '../../../domain/api/ai-lesson.ts'
import { addDays, fromPolandLocal, parseDateKey, polandDateKey } from '../../../domain/poland-time.ts'
import type { AppContext } from '../../context.ts'
import type { User } from '../../platform/sessions.ts'
import { messagesSince, reviewTimesSince, wordCards } from './progress-repository.ts'

// The progress tab: words learned and due, the review streak, conversation minutes and mistakes by
// kind, per Poland day (product-rules.md "Time zone") over the last two weeks. A conversation's
// minutes on a day run from its first to its last message that day, at least one
// (docs/decisions.md).

export const PROGRESS_DAYS = 14
const STREAK_DAYS_MAX = 366

type Ctx = Pick<AppContext, 'db' | 'clock'>

const emptyDay = (date: string): ProgressDay => ({
  date,
  reviews: 0,
  conversation_minutes: 0,
  mistakes: { grammar: 0, vocabulary: 0, spelling: 0, word_order: 0 },
})

/** Consecutive days with a review, ending today (or yesterday, while today's are still to come). */
function streak(reviewDays: Set<string>, today: string): number {
  let day = reviewDays.has(today) ? today : addDays(today, -1)
  let count = 0
  while (reviewDays.has(day) && count < STREAK_DAYS_MAX) {
    count++
    day = addDays(day, -1)
  }
  return count
}

export async function showProgress(ctx: Ctx, student: User): Promise<Progress> {
  const now = ctx.clock.now()
  const today = polandDateKey(now)
  const keys = Array.from({ length: PROGRESS_DAYS }, (_, i) => addDays(today, i - PROGRESS_DAYS + 1))
  const days = new Map(keys.map((key) => [key, emptyDay(key)]))
  const streakFrom = fromPolandLocal(parseDateKey(addDays(today, -STREAK_DAYS_MAX)))
  const reviews = await reviewTimesSince(ctx.db, student.id, streakFrom)
  const reviewDays = new Set<string>()
  for (const review of reviews) {
    const key = polandDateKey(review.at)
    reviewDays.add(key)
    const day = days.get(key)
    if (day) day.reviews++
  }
  const spans = new Map<string, { key: string; first: number; last: number }>()
  const firstDay = keys[0] ?? today
  for (const message of await messagesSince(ctx.db, student.id, fromPolandLocal(parseDateKey(firstDay)))) {
    const key = polandDateKey(message.at)
    const day = days.get(key)
    if (!day) continue
    const id = `${message.conversationId}|${key}`
    const time = message.at.getTime()
    const span = spans.get(id) ?? { key, first: time, last: time }
    spans.set(id, { key, first: Math.min(span.first, time), last: Math.max(span.last, time) })
    for (const correction of message.corrections) {
      const kind: MistakeKind = correction.kind
      day.mistakes[kind]++
    }
  }
  for (const span of spans.values()) {
    const day = days.get(span.key)
    if (day) day.conversation_minutes += Math.max(1, Math.round((span.last - span.first) / 60_000))
  }
  const cards = (await wordCards(ctx.db, student.id)).map((row) => row.card)
  const todays = days.get(today) ?? emptyDay(today)
  return {
    words_total: cards.length,
    words_learned: cards.filter(isLearned).length,
    words_due: cards.filter((card) => Date.parse(card.due) <= now.getTime()).length,
    review_streak_days: streak(reviewDays, today),
    reviews_today: todays.reviews,
    minutes_today: todays.conversation_minutes,
    days: [...days.values()],
  }
}
