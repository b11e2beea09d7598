import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { type TimeWindow, teacherSearchResponse } from '../../domain/api/teachers.ts'
import { http } from './http.ts'

// GET /teachers/search (product-rules.md "Teacher search"): language_id, teaching_language_id,
// level_id, specialization_id, day, time as JSON {from, to}, page, per_page; answers the paginated
// wrapper of product-rules.md "Records and fields".

export type TeacherSearchParams = {
  languageId?: number | undefined
  levelId?: number | undefined
  /** The language the lessons are held in (the onboarding's "learning in"). */
  teachingLanguageId?: number | undefined
  specializationId?: number | undefined
  /** 'YYYY-MM-DD' of the schedule range. */
  day?: string | undefined
  time?: TimeWindow | undefined
  page: number
  perPage: number
}

export const teacherSearchKeys = {
  all: ['teacher-search'] as const,
  page: (params: TeacherSearchParams) => [...teacherSearchKeys.all, params] as const,
}

export function searchQueryString(params: TeacherSearchParams): string {
  const query = new URLSearchParams()
  if (params.languageId !== undefined) query.set('language_id', String(params.languageId))
  if (params.levelId !== undefined) query.set('level_id', String(params.levelId))
  if (params.teachingLanguageId !== undefined)
    query.set('teaching_language_id', String(params.teachingLanguageId))
  if (params.specializationId !== undefined) query.set('specialization_id', String(params.specializationId))
  if (params.day) query.set('day', params.day)
  if (params.time) query.set('time', JSON.stringify(params.time))
  query.set('page', String(params.page))
  query.set('per_page', String(params.perPage))
  return query.toString()
}

export const teacherSearchQueryOptions = (params: TeacherSearchParams) =>
  queryOptions({
    queryKey: teacherSearchKeys.page(params),
    queryFn: ({ signal }) =>
      // The results list shows its own error state ("failed to search teachers", product-rules.md
      // "Errors").
      http.get(`/teachers/search?${searchQueryString(params)}`, teacherSearchResponse, {
        signal,
        inline: true,
      }),
    // Keep the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

export const useTeacherSearch = (params: TeacherSearchParams) => useQuery(teacherSearchQueryOptions(params))
