import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type * as v from 'valibot'
import { overviewResponse } from '../../domain/api/admin-overview.ts'
import { adminKeys } from './admin.ts'
import { http } from './http.ts'

// The console's overview: GET /admin/overview — the last weeks' bookings, cancellations, absences
// and AI use, and each teacher's booked share of published hours.

export type Overview = v.InferOutput<typeof overviewResponse>['data']
export type OverviewWeek = Overview['weeks'][number]
export type TeacherShare = Overview['teachers'][number]
/** `weeks` shown; the teachers' period in Poland days (both or neither). */
export type OverviewFilters = { weeks: number; date_from?: string | undefined; date_to?: string | undefined }

export const overviewKeys = {
  all: [...adminKeys.all, 'overview'] as const,
  show: (filters: OverviewFilters) => [...overviewKeys.all, filters] as const,
}

export const overviewQueryOptions = (filters: OverviewFilters) =>
  queryOptions({
    queryKey: overviewKeys.show(filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ weeks: String(filters.weeks) })
      if (filters.date_from && filters.date_to) {
        query.set('date_from', filters.date_from)
        query.set('date_to', filters.date_to)
      }
      return http.get(`/admin/overview?${query}`, overviewResponse, { signal }).then((a) => a.data)
    },
  })

export const useOverview = (filters: OverviewFilters) =>
  useQuery({ ...overviewQueryOptions(filters), placeholderData: keepPreviousData })
