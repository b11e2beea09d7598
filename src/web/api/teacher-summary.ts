import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { idSchema } from '../../domain/api/common.ts'
import { teacherSummaryResponse } from '../../domain/api/profile.ts'
import { ApiError } from './api-error.ts'
import { http } from './http.ts'
import { peopleKeys } from './people-keys.ts'

/** Only a well-formed id is asked for; anything else is "not found" without a call. */
export const isPersonId = (id: string | undefined): id is string => v.is(idSchema, id)

/** Retry lost connections and server errors only; a 403/404 is the answer. */
export const retryPersonQuery = (failureCount: number, error: unknown) =>
  error instanceof ApiError && failureCount < 2 && (error.kind === 'network' || error.isServerError)

/** GET /teachers/show?teacher_id=: the teacher summary page (teacher/{id}). */
export function teacherSummaryQueryOptions(id: string | undefined) {
  return queryOptions({
    queryKey: peopleKeys.teacher(id ?? ''),
    queryFn: isPersonId(id)
      ? ({ signal }) =>
          http
            // 404 is shown by the page itself, hence `inline`.
            .get(`/teachers/show?${new URLSearchParams({ teacher_id: id })}`, teacherSummaryResponse, {
              signal,
              inline: true,
            })
            .then((answer) => answer.data)
      : skipToken,
    retry: retryPersonQuery,
    // Kept on the device with the profile: the mirrored week offline still names its teacher.
    meta: { persist: true },
  })
}

export const useTeacherSummary = (id: string | undefined) => useQuery(teacherSummaryQueryOptions(id))
