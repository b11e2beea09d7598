import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  type AdminLesson,
  type AdminLessonDetail,
  adminLessonCancelResponse,
  adminLessonShowResponse,
  adminLessonsResponse,
} from '../../domain/api/admin-lessons.ts'
import { adminStudentsResponse } from '../../domain/api/admin-students.ts'
import { adminTeachersResponse } from '../../domain/api/admin-teachers.ts'
import type { LessonStatus } from '../../domain/api/my-lessons.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { adminKeys } from './admin.ts'
import { http } from './http.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The console's lessons: GET /admin/lessons/index and /admin/lessons/show, POST
// /admin/lessons/cancel (the school cancels with a reason, nobody is penalised, both are told).

export type { AdminLesson, AdminLessonDetail }

export type AdminLessonFilters = {
  /** Poland days, YYYY-MM-DD, both included. */
  date_from?: string | undefined
  date_to?: string | undefined
  teacher_id?: string | undefined
  student_id?: string | undefined
  status?: LessonStatus | undefined
  page: number
}

export const ADMIN_LESSONS_PAGE_SIZE = 25

export const adminLessonKeys = {
  all: [...adminKeys.all, 'lessons'] as const,
  list: (filters: AdminLessonFilters) => [...adminLessonKeys.all, 'list', filters] as const,
  show: (lessonId: string) => [...adminLessonKeys.all, 'show', lessonId] as const,
  people: (role: 'teacher' | 'student', q: string) => [...adminLessonKeys.all, 'people', role, q] as const,
}

function lessonsSearch(filters: AdminLessonFilters): string {
  const query = new URLSearchParams({ page: String(filters.page), per_page: String(ADMIN_LESSONS_PAGE_SIZE) })
  for (const key of ['date_from', 'date_to', 'teacher_id', 'student_id', 'status'] as const) {
    const value = filters[key]
    if (value) query.set(key, value)
  }
  return query.toString()
}

export const adminLessonsQueryOptions = (filters: AdminLessonFilters) =>
  queryOptions({
    queryKey: adminLessonKeys.list(filters),
    queryFn: ({ signal }) =>
      http
        .get(`/admin/lessons/index?${lessonsSearch(filters)}`, adminLessonsResponse, { signal })
        .then((a) => a.data),
  })

// The page stays on screen while the next one loads.
export const useAdminLessons = (filters: AdminLessonFilters) =>
  useQuery({ ...adminLessonsQueryOptions(filters), placeholderData: keepPreviousData })

export const useAdminLesson = (lessonId: string) =>
  useQuery({
    queryKey: adminLessonKeys.show(lessonId),
    queryFn: ({ signal }) =>
      http
        .get(`/admin/lessons/show?lesson_id=${encodeURIComponent(lessonId)}`, adminLessonShowResponse, {
          signal,
        })
        .then((a) => a.data),
  })

/** The dialog shows the refusal (started, finished, already cancelled; the reason's field error). */
export function useCancelLessonAsSchool() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { lesson_id: string; reason: string }) =>
      waitAtLeast(
        http
          .post('/admin/lessons/cancel', adminLessonCancelResponse, { json: input, inline: true })
          .then((a) => a.data),
        SPINNER_MIN_MS,
      ),
    onSuccess: (lesson) => {
      queryClient.setQueryData(adminLessonKeys.show(lesson.id), lesson)
      // The lists, the overview's counts and the audit log have changed.
      for (const area of ['lessons', 'absence', 'overview', 'audit'])
        void queryClient.invalidateQueries({
          queryKey: [...adminKeys.all, area],
          predicate: (query) => query.queryKey[2] !== 'show',
        })
    },
  })
}

/** A teacher or student to filter the lessons by, as the pickers offer them. */
export type LessonParty = { id: string; name: string | null; email: string }

const fullName = (person: { first_name: string | null; last_name: string | null }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ') || null

/** GET /admin/teachers/index or /admin/students/index?q=: the first few matches by name or e-mail. */
export function useLessonPartySearch(role: 'teacher' | 'student', q: string) {
  const search = new URLSearchParams({ q, per_page: '10' }).toString()
  return useQuery({
    queryKey: adminLessonKeys.people(role, q),
    queryFn: ({ signal }): Promise<LessonParty[]> =>
      role === 'teacher'
        ? http
            .get(`/admin/teachers/index?${search}`, adminTeachersResponse, { signal })
            .then((a) => a.data.items.map((t) => ({ id: t.id, name: fullName(t), email: t.email })))
        : http
            .get(`/admin/students/index?${search}`, adminStudentsResponse, { signal })
            .then((a) => a.data.items.map((s) => ({ id: s.id, name: fullName(s), email: s.email }))),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

export const isLessonStatus = (value: string): value is LessonStatus =>
  v.is(v.picklist(['scheduled', 'finished', 'cancelled']), value)
