import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import {
  type Lesson,
  lessonPageResponse,
  lessonResponse,
  scheduledLessonsResponse,
} from '../../domain/api/my-lessons.ts'
import { http } from './http.ts'
import { type LessonList, type LessonPageQuery, lessonKeys } from './lessons.ts'

// spec §7 GET /lessons/list_scheduled, /lessons/list_finished, /lessons/list_group and
// /lessons/show: the lists of my-lessons (spec §2) and one lesson. The writes are in
// my-lesson-writes.ts, their hooks in my-lesson-mutations.ts. Every list shows its own loading
// and error state, hence `inline` (no toast on top of it).

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

// Lessons change state on their own as time passes (scheduled → finished): refetch on return.
const freshness = { staleTime: 30_000, refetchOnWindowFocus: true, refetchOnReconnect: true } as const

/** spec §3 Scheduled lessons response: lessons, voice_sample_provided and the student's limit. */
export function scheduledLessonsQueryOptions() {
  return queryOptions({
    queryKey: lessonKeys.list('scheduled'),
    queryFn: ({ signal }) =>
      http.get(PATHS.scheduled, scheduledLessonsResponse, { signal, inline: true }).then((a) => a.data),
    ...freshness,
  })
}

/** One page of closed or group lessons (newest first), optionally within Poland dates. */
export function lessonPageQueryOptions(list: 'finished' | 'group', query: LessonPageQuery) {
  return queryOptions({
    queryKey: lessonKeys.page(list, query),
    queryFn: ({ signal }) =>
      http.get(`${PATHS[list]}?${lessonPageSearch(query)}`, lessonPageResponse, { signal, inline: true }),
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

/** Whether the user has any group lesson (spec §2: the group tab is for users with group lessons). */
export const useHasGroupLessons = () =>
  useQuery({
    ...lessonPageQueryOptions('group', { page: 1, perPage: 1 }),
    select: (page) => page.total > 0,
  })
