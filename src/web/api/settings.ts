import { queryOptions, useQuery } from '@tanstack/react-query'
import { settingsResponse } from '../../domain/api/dictionaries.ts'
import { SETTINGS_TIMEOUT_MS } from '../../domain/constants.ts'
import { http } from './http.ts'

export const settingsKeys = {
  all: ['settings'] as const,
  show: () => [...settingsKeys.all, 'show'] as const,
}

/** GET /settings/show with a 10 s time-out. */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.show(),
    queryFn: ({ signal }) =>
      http
        .get('/settings/show', settingsResponse, { signal, timeout: SETTINGS_TIMEOUT_MS })
        .then((a) => a.data),
    staleTime: 10 * 60 * 1000,
    meta: { persist: true },
  })

export const useSettings = () => useQuery(settingsQueryOptions())
