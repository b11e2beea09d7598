import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import type * as v from 'valibot'
import {
  type Lesson,
  type LessonPage,
  lessonPageResponse,
  lessonResponse,
  type ScheduledLessons,
  scheduledLessonsResponse,
} from '../../domain/api/my-lessons.ts'
import { whenIdle } from '../config/when-idle.ts'
import { ApiError } from './api-error.ts'
import { http } from './http.ts'
import { type LessonList, type LessonPageQuery, lessonKeys } from './lessons.ts'
import { getSession } from './session.ts'

// The device's mirror (Dexie, some 30 kB) loads when an answer is saved, in an idle moment after
// the lists have rendered, or when it is needed offline; never before the first list.
const lessonMirror = () => import('../offline/lesson-lists-mirror.ts')

// GET /lessons/list_scheduled, /lessons/list_finished, /lessons/list_group and /lessons/show: the
// lists of my-lessons and one lesson. The writes are in my-lesson-writes.ts, their hooks in
// my-lesson-mutations.ts. Every list shows its own loading and error state, hence `inline` (no
// toast on top of it).

const PATHS: Record<LessonList, string> = {
  scheduled: '/lessons/list_scheduled',
  finished: '/lessons/list_finished',
  group: '/lessons/list_group',
}

/** The query string of lessonListQuery (domain/api/my-lessons.ts). */
export function lessonPageSearch(query: LessonPageQuery): URLSearchParams {
  const search = new URLSearchParams()
  if (query.dateFrom) search.set('date_from', query.dateFrom)
  if (query.dateTo) search.set('date_to', query.dateTo)
  search.set('page', String(query.page))
  search.set('per_page', String(query.perPage))
  return search
}

/**
 * `savedAt` is null for a fresh answer; when the network failed it is when the copy shown was
 * fetched — the service worker's cache or the device's mirror (architecture.md "Offline").
 */
export type Offline = { savedAt: number | null }

/**
 * A list, fresh when the server answers; else the service worker's cached copy (network first)
 * or, failing that, the Dexie mirror of the last answer this user got for the same query.
 */
async function fetchList<S extends v.GenericSchema>(
  list: LessonList,
  path: string,
  schema: S,
  signal: AbortSignal,
): Promise<{ data: v.InferOutput<S>; savedAt: number | null }> {
  const session = getSession()
  const address = session ? { userId: session.userId, list, query: path } : null
  try {
    const answer = await http.getCacheable(path, schema, { signal, inline: true })
    if (answer.savedAt === null && address) {
      whenIdle(() => {
        lessonMirror()
          .then(({ saveLessonList }) => saveLessonList(address, answer.data))
          .catch((error: unknown) => {
            console.warn('The lessons could not be mirrored for offline use', error)
          })
      })
    }
    return answer
  } catch (error) {
    if (address && error instanceof ApiError && error.kind === 'network') {
      const mirrored = await lessonMirror()
        .then(({ loadLessonList }) => loadLessonList(address, schema))
        .catch(() => null)
      if (mirrored) return { data: mirrored.answer, savedAt: mirrored.savedAt }
    }
    throw error
  }
}

// Lessons change state on their own as time passes (scheduled → finished): refetch on return.
const freshness = { staleTime: 30_000, refetchOnWindowFocus: true, refetchOnReconnect: true } as const

/**
 * The scheduled lessons' response (product-rules.md "Records and fields"): lessons,
 * voice_sample_provided and the student's limit.
 */
export function scheduledLessonsQueryOptions() {
  return queryOptions({
    queryKey: lessonKeys.list('scheduled'),
    queryFn: ({ signal }): Promise<ScheduledLessons & Offline> =>
      fetchList('scheduled', PATHS.scheduled, scheduledLessonsResponse, signal).then((answer) => ({
        ...answer.data.data,
        savedAt: answer.savedAt,
      })),
    ...freshness,
  })
}

/** One page of closed or group lessons (newest first), optionally within Poland dates. */
export function lessonPageQueryOptions(list: 'finished' | 'group', query: LessonPageQuery) {
  return queryOptions({
    queryKey: lessonKeys.page(list, query),
    queryFn: ({ signal }): Promise<LessonPage & Offline> =>
      fetchList(list, `${PATHS[list]}?${lessonPageSearch(query)}`, lessonPageResponse, signal).then(
        (answer) => ({ ...answer.data, savedAt: answer.savedAt }),
      ),
    placeholderData: keepPreviousData,
    ...freshness,
  })
}

export function lessonQueryOptions(lessonId: string | null) {
  return queryOptions({
    queryKey: lessonKeys.detail(lessonId ?? ''),
    queryFn: lessonId
      ? ({ signal }) =>
          http
            .get(`/lessons/show?${new URLSearchParams({ lesson_id: lessonId })}`, lessonResponse, {
              signal,
              inline: true,
            })
            .then((a) => a.data)
      : skipToken,
    ...freshness,
  })
}

export const useScheduledLessons = (enabled = true) =>
  useQuery({ ...scheduledLessonsQueryOptions(), enabled })

export const useLessonPage = (list: 'finished' | 'group', query: LessonPageQuery, enabled = true) =>
  useQuery({ ...lessonPageQueryOptions(list, query), enabled })

/** One lesson, fresh from lessons/show; `shown` (e.g. the list's copy) is shown meanwhile. */
export const useLesson = (lessonId: string | null, shown?: Lesson) =>
  useQuery({ ...lessonQueryOptions(lessonId), placeholderData: shown })

/**
 * The lesson a room opens: asked of the server at every opening, the kept copy shown meanwhile. A
 * copy kept on the device may be seconds older than a cancellation (the persisted cache is written
 * a moment after), and a lobby must not offer Join to a lesson that is over.
 */
export const useRoomLesson = (lessonId: string | null) =>
  useQuery({ ...lessonQueryOptions(lessonId), refetchOnMount: 'always' })

/** The first group lesson, if any: enough to know whether there are group lessons at all. */
export const groupLessonsCountQueryOptions = () => lessonPageQueryOptions('group', { page: 1, perPage: 1 })

/** Whether the user has any group lesson (the group tab is for users with group lessons). */
export const useHasGroupLessons = () =>
  useQuery({ ...groupLessonsCountQueryOptions(), select: (page) => page.total > 0 })
