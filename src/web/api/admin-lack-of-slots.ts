import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type * as v from 'valibot'
import {
  type LackOfSlotsGroupKey,
  lackOfSlotsHandleResponse,
  lackOfSlotsResponse,
} from '../../domain/api/admin-overview.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { adminKeys } from './admin.ts'
import { http } from './http.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The console's lack-of-slots requests (the Lack-of-slots report of product-rules.md "Records and
// fields"): GET /admin/lack_of_slots/index (groups of language, level and hour) and POST
// /admin/lack_of_slots/handle.

export type LackOfSlotsPage = v.InferOutput<typeof lackOfSlotsResponse>['data']
export type LackOfSlotsGroup = LackOfSlotsPage['groups'][number]
export type LackOfSlotsHandled = 'unhandled' | 'handled' | 'all'
export type LackOfSlotsFilters = { handled: LackOfSlotsHandled; taught_language: string; page: number }
/** Some requests by id, or a whole group up to the moment the operator saw it. */
export type LackOfSlotsHandle = { ids: string[] } | { group: LackOfSlotsGroupKey; until: string }

export const LACK_OF_SLOTS_PAGE_SIZE = 20

export const lackOfSlotsKeys = {
  all: [...adminKeys.all, 'lack-of-slots'] as const,
  list: (filters: LackOfSlotsFilters) => [...lackOfSlotsKeys.all, filters] as const,
}

function search(filters: LackOfSlotsFilters): string {
  const query = new URLSearchParams({
    handled: filters.handled,
    page: String(filters.page),
    per_page: String(LACK_OF_SLOTS_PAGE_SIZE),
  })
  if (filters.taught_language) query.set('taught_language', filters.taught_language)
  return query.toString()
}

export const lackOfSlotsQueryOptions = (filters: LackOfSlotsFilters) =>
  queryOptions({
    queryKey: lackOfSlotsKeys.list(filters),
    queryFn: ({ signal }) =>
      http
        .get(`/admin/lack_of_slots/index?${search(filters)}`, lackOfSlotsResponse, { signal })
        .then((a) => a.data),
  })

export const useLackOfSlots = (filters: LackOfSlotsFilters) =>
  useQuery({ ...lackOfSlotsQueryOptions(filters), placeholderData: keepPreviousData })

export function useHandleLackOfSlots() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: LackOfSlotsHandle) =>
      waitAtLeast(
        http
          .post('/admin/lack_of_slots/handle', lackOfSlotsHandleResponse, { json: input, inline: true })
          .then((a) => a.data),
        SPINNER_MIN_MS,
      ),
    onSuccess: () => {
      for (const area of ['lack-of-slots', 'audit'])
        void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, area] })
    },
  })
}
