import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type * as v from 'valibot'
import {
  type AdminStudent,
  adminStudentResponse,
  adminStudentsResponse,
  type CsvRow,
  inviteCsvPreviewResponse,
  inviteCsvSendResponse,
  type inviteStudentBody,
  inviteStudentResponse,
  resendInvitationResponse,
  type STUDENT_FILTERS,
  type updateStudentBody,
} from '../../domain/api/admin-students.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { adminKeys } from './admin.ts'
import { http } from './http.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The console's Students (invitations with access flags and "active until": product-rules.md "Who
// uses it"; warn → ban: "Warning and ban"): GET /admin/students/index; POST invite,
// invite_csv/preview (nothing is sent), invite_csv/send, resend_invitation, update, lift_ban,
// clear_warning. Refusals come back inline.

export type { AdminStudent, CsvRow }
export type StudentFilter = (typeof STUDENT_FILTERS)[number]
export type StudentsFilters = { status: StudentFilter; q: string; company: string; page: number }
export type StudentInvite = v.InferInput<typeof inviteStudentBody>
export type StudentChanges = Omit<v.InferInput<typeof updateStudentBody>, 'student_id'>
export type CsvPreview = v.InferOutput<typeof inviteCsvPreviewResponse>['data']
export type CsvSent = v.InferOutput<typeof inviteCsvSendResponse>['data']

export const STUDENTS_PAGE_SIZE = 20

export const adminStudentKeys = {
  all: [...adminKeys.all, 'students'] as const,
  list: (filters: StudentsFilters) => [...adminStudentKeys.all, filters] as const,
}

function studentsSearch({ status, q, company, page }: StudentsFilters): string {
  const query = new URLSearchParams({ status, page: String(page), per_page: String(STUDENTS_PAGE_SIZE) })
  if (q) query.set('q', q)
  if (company) query.set('company', company)
  return query.toString()
}

export const adminStudentsQueryOptions = (filters: StudentsFilters) =>
  queryOptions({
    queryKey: adminStudentKeys.list(filters),
    queryFn: ({ signal }) =>
      http
        .get(`/admin/students/index?${studentsSearch(filters)}`, adminStudentsResponse, { signal })
        .then((a) => a.data),
  })

export const useAdminStudents = (filters: StudentsFilters) =>
  useQuery({ ...adminStudentsQueryOptions(filters), placeholderData: keepPreviousData })

function useRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all, refetchType: 'active' })
}

const post = <T>(path: string, schema: v.GenericSchema<unknown, { data: T }>, json: unknown): Promise<T> =>
  waitAtLeast(
    http.post(path, schema, { json, inline: true }).then((a) => a.data),
    SPINNER_MIN_MS,
  )

/** One invitation (the same service as `ops invite-student`). */
export function useInviteStudent() {
  const onSuccess = useRefresh()
  return useMutation({
    mutationFn: (input: StudentInvite) => post('/admin/students/invite', inviteStudentResponse, input),
    onSuccess,
  })
}

/** Each row's problems before anything is sent. */
export function usePreviewCsv() {
  return useMutation({
    mutationFn: (csv: string) =>
      post('/admin/students/invite_csv/preview', inviteCsvPreviewResponse, { csv }),
  })
}

/** The valid rows are invited, each on its own; the rows with problems are not sent. */
export function useSendCsv() {
  const onSuccess = useRefresh()
  return useMutation({
    mutationFn: (csv: string) => post('/admin/students/invite_csv/send', inviteCsvSendResponse, { csv }),
    onSuccess,
  })
}

/** The invitation e-mail that has not gone out yet, sent now; a second press sends nothing more. */
export function useResendInvitation() {
  const onSuccess = useRefresh()
  return useMutation({
    mutationFn: (input: { student_id: string }) =>
      post('/admin/students/resend_invitation', resendInvitationResponse, input),
    onSuccess,
  })
}

function useStudentWrite(path: string) {
  const onSuccess = useRefresh()
  return useMutation({
    mutationFn: (input: { student_id: string } & StudentChanges) => post(path, adminStudentResponse, input),
    onSuccess,
  })
}

/** Access flags, "active until" (extend or end access) and the scheduled-lessons limit. */
export const useUpdateStudent = () => useStudentWrite('/admin/students/update')
export const useLiftBan = () => useStudentWrite('/admin/students/lift_ban')
export const useClearWarning = () => useStudentWrite('/admin/students/clear_warning')
