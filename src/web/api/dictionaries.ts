import { queryOptions, useQuery } from '@tanstack/react-query'
import { languagesResponse, levelsResponse, specializationsResponse } from '../../domain/api/dictionaries.ts'
import { http } from './http.ts'

export const dictionaryKeys = {
  all: ['dictionaries'] as const,
  languages: () => [...dictionaryKeys.all, 'languages'] as const,
  levels: () => [...dictionaryKeys.all, 'levels'] as const,
  specializations: () => [...dictionaryKeys.all, 'specializations'] as const,
}

// Reference data changes rarely: fresh for an hour, kept (and persisted) for offline use.
const HOUR_MS = 60 * 60 * 1000

export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: dictionaryKeys.languages(),
    queryFn: ({ signal }) => http.get('/languages/list', languagesResponse, { signal }).then((a) => a.data),
    staleTime: HOUR_MS,
    meta: { persist: true },
  })

export const levelsQueryOptions = () =>
  queryOptions({
    queryKey: dictionaryKeys.levels(),
    queryFn: ({ signal }) => http.get('/levels/list', levelsResponse, { signal }).then((a) => a.data),
    staleTime: HOUR_MS,
    meta: { persist: true },
  })

export const specializationsQueryOptions = () =>
  queryOptions({
    queryKey: dictionaryKeys.specializations(),
    queryFn: ({ signal }) =>
      http.get('/specializations/list', specializationsResponse, { signal }).then((a) => a.data),
    staleTime: HOUR_MS,
    meta: { persist: true },
  })

export const useLanguages = () => useQuery(languagesQueryOptions())
export const useLevels = () => useQuery(levelsQueryOptions())
export const useSpecializations = () => useQuery(specializationsQueryOptions())
