// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearOutbox, type OutboxEntry, outboxEntries } from '../offline/outbox.ts'
import { queueLessonWrite } from '../offline/outbox-queue.ts'
import { lessonFixture, lessonId } from '../test-support/lesson-fixture.ts'
import { studentProfile } from '../test-support/profile-fixture.ts'
import { routeFetch } from '../test-support/test-fetch.ts'
import { signInAs } from '../test-support/test-session.ts'
import { pendingKeys, someLeft, syncOutbox } from './outbox-sync.ts'
import { clearSession, getSession } from './session.ts'

// The outbox sent through the real write functions (fetch stubbed): each entry with its own
// Idempotency-Key, in order, and gone once the server has it.

const LESSON = lessonId(7)

beforeEach(() => signInAs(studentProfile()))
afterEach(async () => {
  await clearOutbox()
  clearSession()
})

const userId = () => getSession()?.userId ?? ''

describe('syncOutbox', () => {
  it('replays a note and a rating in order with their keys, then empties the outbox', async () => {
    const sent = routeFetch({
      'POST /api/v1/lessons/update': { status: 200, body: { data: lessonFixture({ id: LESSON }) } },
      'POST /api/v1/ratings/create': { status: 200, body: { data: lessonFixture({ id: LESSON }) } },
    })
    await queueLessonWrite(userId(), {
      kind: 'update',
      lessonId: LESSON,
      input: { lesson_id: LESSON, note: 'Czasowniki' },
      idempotencyKey: 'key-note-1',
    })
    await queueLessonWrite(userId(), {
      kind: 'rating',
      lessonId: LESSON,
      input: { lesson_id: LESSON, value: 5, comment: 'Świetnie', mode: 'create' },
      idempotencyKey: 'key-rating-1',
    })
    await syncOutbox(new QueryClient())
    expect(sent.map((r) => [r.path, r.headers['idempotency-key']])).toEqual([
      ['/api/v1/lessons/update', 'key-note-1'],
      ['/api/v1/ratings/create', 'key-rating-1'],
    ])
    expect(sent[1]?.body).toEqual({ lesson_id: LESSON, value: 5, comment: 'Świetnie' })
    expect(await outboxEntries(userId())).toEqual([])
  })

  it('keeps the writes when the server cannot be reached, and shows a refusal with its reason', async () => {
    routeFetch({
      'POST /api/v1/lessons/update': {
        status: 409,
        body: { error: 'This lesson has been cancelled', code: 'lesson_cancelled' },
      },
    })
    await queueLessonWrite(userId(), {
      kind: 'update',
      lessonId: LESSON,
      input: { lesson_id: LESSON, note: 'Za późno' },
      idempotencyKey: 'key-note-2',
    })
    await syncOutbox(new QueryClient())
    expect(await outboxEntries(userId())).toMatchObject([
      { state: 'failed', refusal: { code: 'lesson_cancelled', status: 409 } },
    ])
  })
})

const entry = (key: string, state: OutboxEntry['state']): OutboxEntry => ({
  seq: 1,
  userId: 'u',
  lessonId: 'l',
  kind: 'update',
  input: {},
  idempotencyKey: key,
  createdAt: 0,
  state,
  refusal: null,
})

describe('a write leaving the outbox (sent by this tab or another)', () => {
  it('is noticed when a waiting one is gone or refused, not when one is added', () => {
    const before = pendingKeys([entry('a', 'pending'), entry('b', 'pending'), entry('c', 'failed')])
    expect(before).toEqual(new Set(['a', 'b']))
    expect(someLeft(before, pendingKeys([entry('b', 'pending')]))).toBe(true)
    expect(someLeft(before, pendingKeys([entry('a', 'failed'), entry('b', 'pending')]))).toBe(true)
    expect(
      someLeft(before, pendingKeys([entry('a', 'pending'), entry('b', 'pending'), entry('d', 'pending')])),
    ).toBe(false)
    expect(someLeft(new Set(), pendingKeys([]))).toBe(false)
  })
})
