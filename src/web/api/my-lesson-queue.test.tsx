// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { lessonListsTable } from '../offline/lektorium-db.ts'
import { clearOutbox, outboxEntries } from '../offline/outbox.ts'
import { finishedLessonFixture, lessonFixture, scheduledAnswer } from '../test-support/lesson-fixture.ts'
import { studentProfile } from '../test-support/profile-fixture.ts'
import { routeFetch } from '../test-support/test-fetch.ts'
import { signInAs } from '../test-support/test-session.ts'
import { ApiError } from './api-error.ts'
import { QUEUED, useRateLesson, useUpdateLesson } from './my-lesson-mutations.ts'
import { scheduledLessonsQueryOptions } from './my-lessons.ts'
import { getSession } from './session.ts'

// A note, memo or rating written with no connection goes to the outbox with the action's
// Idempotency-Key (and shows as pending); a refusal by the server stays an error.

const API = '/api/v1'
const lesson = lessonFixture()
const finished = finishedLessonFixture()
const client = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })

function wrapper(queries: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queries}>{children}</QueryClientProvider>
  )
}

const userId = () => getSession()?.userId ?? ''

beforeEach(() => {
  localStorage.clear()
  signInAs(studentProfile())
})
afterEach(async () => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  await clearOutbox()
  await lessonListsTable().clear()
})

describe('writes made offline', () => {
  it('queues a note when the browser is offline, without sending it', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const sent = routeFetch({})
    const { result } = renderHook(() => useUpdateLesson(), { wrapper: wrapper(client()) })
    const input = { lesson_id: lesson.id, note: 'Powtórzyć czasowniki' }
    let answer: unknown
    await act(async () => {
      answer = await result.current.mutateAsync({ input, idempotencyKey: 'key-offline-1', lesson })
    })
    expect(answer).toBe(QUEUED)
    expect(sent).toEqual([])
    expect(await outboxEntries(userId())).toMatchObject([
      { kind: 'update', lessonId: lesson.id, input, idempotencyKey: 'key-offline-1', state: 'pending' },
    ])
  })

  it('queues a rating whose request cannot get through, with the same key', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const { result } = renderHook(() => useRateLesson(), { wrapper: wrapper(client()) })
    const input = { mode: 'create' as const, lesson_id: finished.id, value: 4, comment: 'Dobrze' }
    await act(async () => {
      await result.current.mutateAsync({ input, idempotencyKey: 'key-offline-2', lesson: finished })
    })
    expect(await outboxEntries(userId())).toMatchObject([
      { kind: 'rating', input, idempotencyKey: 'key-offline-2' },
    ])
  })

  it('does not queue what the server refused', async () => {
    routeFetch({
      [`POST ${API}/lessons/update`]: {
        status: 409,
        body: { error: 'This lesson has been cancelled', code: 'lesson_cancelled' },
      },
    })
    const { result } = renderHook(() => useUpdateLesson(), { wrapper: wrapper(client()) })
    const write = { input: { lesson_id: lesson.id, note: 'x' }, idempotencyKey: 'key-refused-1', lesson }
    await act(async () => {
      await expect(result.current.mutateAsync(write)).rejects.toBeInstanceOf(ApiError)
    })
    expect(await outboxEntries(userId())).toEqual([])
  })
})

describe('lesson lists offline', () => {
  it('shows the last answer from the device with when it was fetched', async () => {
    routeFetch({ [`GET ${API}/lessons/list_scheduled`]: scheduledAnswer([lesson], true) })
    const fresh = await client().fetchQuery(scheduledLessonsQueryOptions())
    expect(fresh.savedAt).toBeNull()
    // The mirror is written in the background, once the page is idle.
    await vi.waitFor(async () => expect(await lessonListsTable().count()).toBe(1), { timeout: 4000 })
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const offline = await client().fetchQuery(scheduledLessonsQueryOptions())
    expect(offline.lessons.map((l) => l.id)).toEqual([lesson.id])
    expect(typeof offline.savedAt).toBe('number')
  })
})
