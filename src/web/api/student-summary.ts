import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import { studentSummaryResponse } from '../../domain/api/profile.ts'
import { http } from './http.ts'
import { peopleKeys } from './people-keys.ts'
import { isPersonId, retryPersonQuery } from './teacher-summary.ts'

/**
 * GET /students/show?user_id=: what a teacher sees of a student. A 403 `student_profile_forbidden`
 * (product-rules.md "Errors") and a 404 are shown by the page, hence `inline`.
 */
export function studentSummaryQueryOptions(id: string | undefined) {
  return queryOptions({
    queryKey: peopleKeys.student(id ?? ''),
    queryFn: isPersonId(id)
      ? ({ signal }) =>
          http
            .get(`/students/show?${new URLSearchParams({ user_id: id })}`, studentSummaryResponse, {
              signal,
              inline: true,
            })
            .then((answer) => answer.data)
      : skipToken,
    retry: retryPersonQuery,
  })
}

export const useStudentSummary = (id: string | undefined) => useQuery(studentSummaryQueryOptions(id))
