import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError } from '../../api/api-error.ts'
import { fetchRoomToken } from '../../api/lesson-room.ts'

// The cube screen's lessons/generate_token answer. Not under lessonKeys: a lesson's change
// (my-lessons invalidates them all) must not sign a new validate_url and so restart a classroom in
// progress. Asked afresh on each visit (protocol §1: a token is never kept).

export const learncubeKeys = {
  token: (lessonId: string) => ['learncube', 'token', lessonId] as const,
}

export const classroomTokenQueryOptions = (lessonId: string) =>
  queryOptions({
    queryKey: learncubeKeys.token(lessonId),
    queryFn: ({ signal }) => fetchRoomToken(lessonId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    // The screen offers Retry itself, and only where asking again can help (isFinal).
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })

export const useClassroomToken = (lessonId: string) => useQuery(classroomTokenQueryOptions(lessonId))

/** An answer that will not change by asking again: not a party (404), cancelled or shut (422). */
export const isFinal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.kind === 'http' && !error.isServerError
