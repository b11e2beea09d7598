// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  fileFixture,
  finishedLessonFixture,
  lessonFixture,
  pageOf,
  scheduledAnswer,
} from '../test-support/lesson-fixture.ts'
import { studentProfile, TEACHER_ID } from '../test-support/profile-fixture.ts'
import { routeFetch } from '../test-support/test-fetch.ts'
import { signInAs } from '../test-support/test-session.ts'
import { stubUploads } from '../test-support/test-xhr.ts'
import { ApiError } from './api-error.ts'
import { lessonKeys } from './lessons.ts'
import { uploadMaterial } from './material-upload.ts'
import { listOf, useCancelLesson, useUpdateLesson } from './my-lesson-mutations.ts'
import {
  cancelLesson,
  downloadLessonFile,
  rateLesson,
  removeLessonFile,
  reportAbsence,
  updateLesson,
} from './my-lesson-writes.ts'
import { lessonPageQueryOptions, lessonQueryOptions, scheduledLessonsQueryOptions } from './my-lessons.ts'
import { profileKeys } from './profile.ts'
import { timetableKeys } from './timetables.ts'
import { attemptFor, mayRetrySameKey } from './write-attempt.ts'

const API = '/api/v1'
const KEY = 'action-key-0001'
const lesson = lessonFixture()
const ok = (data: unknown) => ({ status: 200, body: { data } })

const client = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })

describe('the my-lessons API', () => {
  beforeEach(() => {
    localStorage.clear()
    signInAs(studentProfile())
  })
  afterEach(() => vi.unstubAllGlobals())

  it('reads the three lists and one lesson from their paths, with the bearer token', async () => {
    const sent = routeFetch({
      [`GET ${API}/lessons/list_scheduled`]: scheduledAnswer([lesson], false),
      [`GET ${API}/lessons/list_finished`]: { status: 200, body: pageOf([finishedLessonFixture()]) },
      [`GET ${API}/lessons/list_group`]: { status: 200, body: pageOf([]) },
      [`GET ${API}/lessons/show`]: ok(lesson),
    })
    const queries = client()
    const scheduled = await queries.fetchQuery(scheduledLessonsQueryOptions())
    expect(scheduled.voice_sample_provided).toBe(false)
    expect(scheduled.lessons[0]?.id).toBe(lesson.id)
    const week = { dateFrom: '2026-11-16', dateTo: '2026-11-22', page: 1, perPage: 200 }
    expect((await queries.fetchQuery(lessonPageQueryOptions('finished', week))).total).toBe(1)
    await queries.fetchQuery(lessonPageQueryOptions('group', { page: 2, perPage: 20 }))
    await queries.fetchQuery(lessonQueryOptions(lesson.id))
    expect(sent.map((request) => `${request.path}${request.query}`)).toEqual([
      `${API}/lessons/list_scheduled`,
      `${API}/lessons/list_finished?date_from=2026-11-16&date_to=2026-11-22&page=1&per_page=200`,
      `${API}/lessons/list_group?page=2&per_page=20`,
      `${API}/lessons/show?lesson_id=${lesson.id}`,
    ])
    expect(sent[0]?.headers.authorization).toBe('Bearer test-token')
  })

  it('sends every write with its Idempotency-Key and the body the API names', async () => {
    const sent = routeFetch({
      [`POST ${API}/lessons/cancel`]: ok({ lesson, outcome: 'cancelled', banned_until: null }),
      [`POST ${API}/lessons/update`]: ok(lesson),
      [`GET ${API}/lessons/remove_file`]: ok(lesson),
      [`POST ${API}/lessons/report_absence`]: ok(lesson),
      [`POST ${API}/ratings/create`]: ok(lesson),
      [`POST ${API}/ratings/update`]: ok(lesson),
    })
    const cancel = { lesson_id: lesson.id, cancellation_reason: 'Choroba' }
    await expect(cancelLesson(cancel, KEY)).resolves.toMatchObject({ outcome: 'cancelled' })
    await updateLesson({ lesson_id: lesson.id, note: 'Powtórzyć czasy' }, KEY)
    await removeLessonFile({ lesson_id: lesson.id, file_id: fileFixture().id }, KEY)
    const absence = { lesson_id: lesson.id, absentee_id: TEACHER_ID, note: '' }
    await reportAbsence(absence, KEY)
    await rateLesson('create', { lesson_id: lesson.id, value: 5, comment: 'Świetnie' }, KEY)
    await rateLesson('update', { lesson_id: lesson.id, value: 4, comment: 'Dobrze' }, KEY)
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST ${API}/lessons/cancel`,
      `POST ${API}/lessons/update`,
      `GET ${API}/lessons/remove_file`,
      `POST ${API}/lessons/report_absence`,
      `POST ${API}/ratings/create`,
      `POST ${API}/ratings/update`,
    ])
    expect(sent.every((request) => request.headers['idempotency-key'] === KEY)).toBe(true)
    expect(sent[0]?.body).toEqual(cancel)
    expect(sent[1]?.body).toEqual({ lesson_id: lesson.id, note: 'Powtórzyć czasy' })
    expect(sent[2]?.query).toBe(`?lesson_id=${lesson.id}&file_id=${fileFixture().id}`)
    expect(sent[3]?.body).toEqual(absence)
    expect(sent[5]?.body).toEqual({ lesson_id: lesson.id, value: 4, comment: 'Dobrze' })
  })

  it('sends the same key again when the same action is retried after a lost connection', async () => {
    let calls = 0
    const sent = routeFetch({
      [`POST ${API}/lessons/update`]: () => {
        calls += 1
        if (calls === 1) throw new TypeError('Failed to fetch')
        return ok(lesson)
      },
    })
    const input = { lesson_id: lesson.id, note: 'Notatka' }
    const first = attemptFor(null, input)
    const failure = await updateLesson(input, first.key).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(mayRetrySameKey(failure)).toBe(true)
    const retry = attemptFor(first, input)
    await updateLesson(input, retry.key)
    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual([first.key, first.key])
    expect(attemptFor(retry, { ...input, note: 'Inna' }).key).not.toBe(first.key)
    const refused = new ApiError({ kind: 'http', status: 422, message: 'no', code: 'lesson_cancelled' })
    expect(mayRetrySameKey(refused)).toBe(false)
  })

  it('downloads a material with the token, as a Blob', async () => {
    const sent = routeFetch({ [`GET ${API}/lessons/download_file`]: { status: 200, body: 'PDF' } })
    const blob = await downloadLessonFile({ lesson_id: lesson.id, file_id: fileFixture().id })
    expect(await blob.text()).toBe('"PDF"')
    expect(sent[0]?.headers.authorization).toBe('Bearer test-token')
    expect(sent[0]?.query).toBe(`?lesson_id=${lesson.id}&file_id=${fileFixture().id}`)
  })

  it('uploads a material as multipart with progress and the key', async () => {
    const uploads = stubUploads()
    const progress: number[] = []
    const file = new File(['%PDF-1.4'], 'słówka.pdf', { type: 'application/pdf' })
    const done = uploadMaterial({ lesson_id: lesson.id, file, filename: file.name }, KEY, {
      onProgress: (p) => progress.push(p.fraction),
    })
    const upload = uploads[0]
    if (!upload) throw new Error('no upload started')
    expect(upload.url).toBe(`${API}/lessons/update`)
    expect(upload.headers['idempotency-key']).toBe(KEY)
    expect(upload.body?.get('lesson_id')).toBe(lesson.id)
    expect(upload.body?.get('lesson_note_filename')).toBe('słówka.pdf')
    expect(upload.body?.has('payload')).toBe(false)
    expect(upload.body?.get('lesson_note_file')).toBeInstanceOf(Blob)
    upload.progress(50, 100)
    upload.answer(200, { data: lessonFixture({ lesson_files: [fileFixture()] }) })
    expect((await done).lesson_files).toHaveLength(1)
    expect(progress).toEqual([0.5])
  })
})

let shared = client()
function Wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={shared}>{children}</QueryClientProvider>
}

describe('refreshing after a write', () => {
  beforeEach(() => signInAs(studentProfile()))
  afterEach(() => vi.unstubAllGlobals())

  const invalidated = (queries: QueryClient, key: readonly unknown[]) =>
    queries.getQueryState(key)?.isInvalidated ?? false

  it('picks the group, closed or scheduled list by the lesson', () => {
    expect(listOf({ is_group: true, finished_at: '2026-11-20T07:45:00Z' })).toBe('group')
    expect(listOf({ is_group: false, finished_at: '2026-11-20T07:45:00Z' })).toBe('finished')
    expect(listOf({ is_group: false, finished_at: null })).toBe('scheduled')
  })

  it('refreshes the closed list after a memo on a finished lesson, not the scheduled one', async () => {
    const finished = finishedLessonFixture()
    routeFetch({ [`POST ${API}/lessons/update`]: ok(finished) })
    const queries = client()
    shared = queries
    queries.setQueryData(lessonKeys.list('scheduled'), {})
    queries.setQueryData(lessonKeys.page('finished', { page: 1, perPage: 20 }), {})
    const { result } = renderHook(() => useUpdateLesson(), { wrapper: Wrapper })
    await act(() =>
      result.current.mutateAsync({
        input: { lesson_id: finished.id, student_memos: 'Moja notatka' },
        idempotencyKey: KEY,
        lesson: finished,
      }),
    )
    expect(invalidated(queries, lessonKeys.page('finished', { page: 1, perPage: 20 }))).toBe(true)
    expect(invalidated(queries, lessonKeys.list('scheduled'))).toBe(false)
    expect(queries.getQueryData(lessonKeys.detail(finished.id))).toEqual(finished)
  })

  it('after a cancel refreshes the lists, the teacher timetable and the profile', async () => {
    routeFetch({
      [`POST ${API}/lessons/cancel`]: ok({ lesson, outcome: 'warned', banned_until: null }),
    })
    const queries = client()
    shared = queries
    const profileKey = profileKeys.me('student', studentProfile().id)
    const weekKey = timetableKeys.week(TEACHER_ID, '2026-11-23')
    for (const key of [lessonKeys.list('scheduled'), profileKey, weekKey, timetableKeys.week('x', 'y')])
      queries.setQueryData(key, {})
    const { result } = renderHook(() => useCancelLesson(), { wrapper: Wrapper })
    await act(() =>
      result.current.mutateAsync({
        input: { lesson_id: lesson.id, cancellation_reason: 'Choroba' },
        idempotencyKey: KEY,
        lesson,
      }),
    )
    expect(invalidated(queries, lessonKeys.list('scheduled'))).toBe(true)
    expect(invalidated(queries, profileKey)).toBe(true)
    expect(invalidated(queries, weekKey)).toBe(true)
    expect(invalidated(queries, timetableKeys.week('x', 'y'))).toBe(false)
  })
})
