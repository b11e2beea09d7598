// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { Rating } from 'ts-fsrs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { newCard, stateName } from '../../domain/ai-lesson/scheduling.ts'
import type { ReviewInput, Word } from '../../domain/api/ai-lesson.ts'
import { clearOutbox, outboxEntries } from '../offline/outbox.ts'
import { queueLessonWrite } from '../offline/outbox-queue.ts'
import { studentProfile } from '../test-support/profile-fixture.ts'
import { routeFetch } from '../test-support/test-fetch.ts'
import { signInAs } from '../test-support/test-session.ts'
import { syncOutbox } from './outbox-sync.ts'
import { clearSession, getSession } from './session.ts'
import { previewReview } from './word-preview.ts'

// A wordbook review made offline waits in the outbox of the lesson lists and is sent once, with its
// own key; the device shows the schedule the server will store (same FSRS).

const WORD_ID = '0b6f5c1e-2d7a-4c1b-9a55-6f3e2a1b7c10'
const added = new Date('2026-03-10T09:00:00Z')
const card = newCard(added)
const word: Word = {
  id: WORD_ID,
  term: 'la mesa',
  translation: 'stół',
  example: '',
  due: card.due,
  state: stateName(card),
  reps: 0,
  lapses: 0,
  last_review: null,
  created_at: added.toISOString(),
  card,
}

beforeEach(() => signInAs(studentProfile()))
afterEach(async () => {
  await clearOutbox()
  clearSession()
})

describe('an offline wordbook review', () => {
  it('is replayed with its key and leaves the outbox once the server has it', async () => {
    const reviewed = previewReview(word, Rating.Good, new Date('2026-03-10T10:00:00Z'))
    const sent = routeFetch({
      'POST /api/v1/ai-lesson/words/review': { status: 200, body: { data: reviewed } },
    })
    const input: ReviewInput = { word_id: WORD_ID, grade: 3, reviewed_at: '2026-03-10T10:00:00.000Z' }
    await queueLessonWrite(getSession()?.userId ?? '', {
      kind: 'aiReview',
      lessonId: WORD_ID,
      input,
      idempotencyKey: 'review-key-1',
    })
    await syncOutbox(new QueryClient())
    await syncOutbox(new QueryClient())
    expect(sent.map((r) => [r.path, r.headers['idempotency-key'], r.body])).toEqual([
      ['/api/v1/ai-lesson/words/review', 'review-key-1', input],
    ])
    expect(await outboxEntries(getSession()?.userId ?? '')).toEqual([])
  })

  it('shows at once the next review FSRS gives it', () => {
    const shown = previewReview(word, Rating.Good, new Date('2026-03-10T10:00:00Z'))
    expect(shown).toMatchObject({ state: 'learning', reps: 1, last_review: '2026-03-10T10:00:00.000Z' })
    expect(Date.parse(shown.due)).toBeGreaterThan(Date.parse('2026-03-10T10:00:00Z'))
  })
})
