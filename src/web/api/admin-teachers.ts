import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type * as v from 'valibot'
import { verifyTeacherResponse } from '../../domain/api/admin-answers.ts'
import {
  type AdminTeacher,
  type AdminTeacherStatus,
  adminTeacherResponse,
  adminTeachersResponse,
  rejectTeacherResponse,
  type updateTeacherBody,
} from '../../domain/api/admin-teachers.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { adminKeys } from './admin.ts'
import { http } from './http.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The console's Teachers (their verification: product-rules.md "Sign-in and account states"): GET
// /admin/teachers/index; POST /admin/teachers/verify {email} (the same service as
// `ops verify-teacher`), reject, deactivate, reactivate and update. Every change is audited on the
// server; the refusals come back inline.

export type { AdminTeacher, AdminTeacherStatus }
export type TeachersAnswer = v.InferOutput<typeof adminTeachersResponse>['data']
export type TeacherChanges = Omit<v.InferInput<typeof updateTeacherBody>, 'teacher_id'>
export type TeachersFilters = { status: AdminTeacherStatus | 'all'; q: string; page: number }

export const TEACHERS_PAGE_SIZE = 20

export const adminTeacherKeys = {
  all: [...adminKeys.all, 'teachers'] as const,
  list: (filters: TeachersFilters) => [...adminTeacherKeys.all, filters] as const,
}

function teachersSearch({ status, q, page }: TeachersFilters): string {
  const query = new URLSearchParams({ status, page: String(page), per_page: String(TEACHERS_PAGE_SIZE) })
  if (q) query.set('q', q)
  return query.toString()
}

export const adminTeachersQueryOptions = (filters: TeachersFilters) =>
  queryOptions({
    queryKey: adminTeacherKeys.list(filters),
    queryFn: ({ signal }) =>
      http
        .get(`/admin/teachers/index?${teachersSearch(filters)}`, adminTeachersResponse, { signal })
        .then((a) => a.data),
  })

/** The page stays on screen while the next one (or another filter's) loads. */
export const useAdminTeachers = (filters: TeachersFilters) =>
  useQuery({ ...adminTeachersQueryOptions(filters), placeholderData: keepPreviousData })

/** After a change: the lists and the audit log are stale (the log has the change's entry). */
function useRefreshAfterChange() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all, refetchType: 'active' })
}

/** The e-mail's problems (no such teacher, deactivated) come back on the field, hence `inline`. */
export function useVerifyTeacherByEmail() {
  const refresh = useRefreshAfterChange()
  return useMutation({
    mutationFn: (email: string) =>
      waitAtLeast(
        http
          .post('/admin/teachers/verify', verifyTeacherResponse, { json: { email }, inline: true })
          .then((a) => a.data),
        SPINNER_MIN_MS,
      ),
    onSuccess: refresh,
  })
}

/** A teacher awaiting verification is turned down with a reason, e-mailed in their locale. */
export function useRejectTeacher() {
  const refresh = useRefreshAfterChange()
  return useMutation({
    mutationFn: (input: { teacher_id: string; reason: string }) =>
      waitAtLeast(
        http
          .post('/admin/teachers/reject', rejectTeacherResponse, { json: input, inline: true })
          .then((a) => a.data),
        SPINNER_MIN_MS,
      ),
    onSuccess: refresh,
  })
}

function useTeacherWrite(path: string) {
  const refresh = useRefreshAfterChange()
  return useMutation({
    mutationFn: (input: { teacher_id: string } & TeacherChanges) =>
      waitAtLeast(
        http.post(path, adminTeacherResponse, { json: input, inline: true }).then((a) => a.data),
        SPINNER_MIN_MS,
      ),
    onSuccess: refresh,
  })
}

/** The teacher can no longer sign in or be booked; reversible (reactivate). */
export const useDeactivateTeacher = () => useTeacherWrite('/admin/teachers/deactivate')
export const useReactivateTeacher = () => useTeacherWrite('/admin/teachers/reactivate')
/** Monthly cap, video provider, LearnCube: only the members sent change. */
export const useUpdateTeacher = () => useTeacherWrite('/admin/teachers/update')
