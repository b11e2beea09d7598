import { queryOptions, useQuery } from '@tanstack/react-query'
import { itTeachersResponse } from '../../domain/api/teachers.ts'
import { http } from './http.ts'

// GET /teachers/it_teachers: the IT teachers, shown only to the partner company's users
// (product-rules.md "Who uses it"; the guard keeps everyone else away).

export const itTeacherKeys = {
  all: ['it-teachers'] as const,
  list: () => [...itTeacherKeys.all, 'list'] as const,
}

export const itTeachersQueryOptions = () =>
  queryOptions({
    queryKey: itTeacherKeys.list(),
    // The screen shows its own error state with a retry, hence `inline`.
    queryFn: ({ signal }) =>
      http.get('/teachers/it_teachers', itTeachersResponse, { signal, inline: true }).then((a) => a.data),
  })

export const useItTeachers = () => useQuery(itTeachersQueryOptions())
