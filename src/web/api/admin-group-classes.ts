import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type * as v from 'valibot'
import {
  type AdminGroupClass,
  type AdminGroupClassDetail,
  type AdminGroupMeeting,
  adminGroupClassesResponse,
  type CreateGroupClassBody,
  type EnrolCsvRow,
  enrolCsvResponse,
  enrolResponse,
  type GroupClassState,
  groupClassDetailResponse,
  type updateGroupClassBody,
} from '../../domain/api/admin-group-classes.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { adminKeys } from './admin.ts'
import { http } from './http.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The console's group classes (product-rules.md "Group classes"): GET /admin/group_classes/index
// and /show; POST create, update, enrol, enrol_csv, enrol_company, remove_student, move_meeting,
// cancel_meeting, cancel_remaining. Refusals come back inline, to the dialog that sent them.

export type { AdminGroupClass, AdminGroupClassDetail, AdminGroupMeeting, CreateGroupClassBody, EnrolCsvRow }
export type GroupClassUpdate = Omit<v.InferInput<typeof updateGroupClassBody>, 'class_id'>
export type EnrolResult = v.InferOutput<typeof enrolResponse>['data']
export type EnrolCsvResult = v.InferOutput<typeof enrolCsvResponse>['data']

export type GroupClassFilters = {
  teacher_id: string
  language_id: string
  company: string
  state: GroupClassState | ''
  page: number
}

export const GROUP_CLASSES_PAGE_SIZE = 20

export const groupClassKeys = {
  all: [...adminKeys.all, 'group-classes'] as const,
  list: (filters: GroupClassFilters) => [...groupClassKeys.all, 'list', filters] as const,
  show: (classId: string) => [...groupClassKeys.all, 'show', classId] as const,
}

function classesSearch(filters: GroupClassFilters): string {
  const query = new URLSearchParams({ page: String(filters.page), per_page: String(GROUP_CLASSES_PAGE_SIZE) })
  for (const key of ['teacher_id', 'language_id', 'company', 'state'] as const) {
    const value = filters[key]
    if (value) query.set(key, value)
  }
  return query.toString()
}

// The page stays on screen while the next one loads.
const groupClassesQueryOptions = (filters: GroupClassFilters) =>
  queryOptions({
    queryKey: groupClassKeys.list(filters),
    queryFn: ({ signal }) =>
      http
        .get(`/admin/group_classes/index?${classesSearch(filters)}`, adminGroupClassesResponse, { signal })
        .then((a) => a.data),
  })

export const useGroupClasses = (filters: GroupClassFilters) =>
  useQuery({ ...groupClassesQueryOptions(filters), placeholderData: keepPreviousData })

export const useGroupClass = (classId: string) =>
  useQuery({
    queryKey: groupClassKeys.show(classId),
    queryFn: ({ signal }) =>
      http
        .get(`/admin/group_classes/show?class_id=${encodeURIComponent(classId)}`, groupClassDetailResponse, {
          signal,
        })
        .then((a) => a.data),
  })

const post = <T>(path: string, schema: v.GenericSchema<unknown, { data: T }>, json: unknown): Promise<T> =>
  waitAtLeast(
    http.post(path, schema, { json, inline: true }).then((a) => a.data),
    SPINNER_MIN_MS,
  )

/** After a write: the class as it is now, the lists and the audit log read again. */
function useClassWrite<I>(path: string, body: (input: I) => unknown) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: I) => post(path, groupClassDetailResponse, body(input)),
    onSuccess: (group) => {
      queryClient.setQueryData(groupClassKeys.show(group.id), group)
      void queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        predicate: (query) => query.queryKey[2] !== 'show',
      })
    },
  })
}

export const useCreateGroupClass = () =>
  useClassWrite('/admin/group_classes/create', (input: CreateGroupClassBody) => input)
export const useUpdateGroupClass = (classId: string) =>
  useClassWrite('/admin/group_classes/update', (input: GroupClassUpdate) => ({ class_id: classId, ...input }))
export const useRemoveGroupStudent = (classId: string) =>
  useClassWrite('/admin/group_classes/remove_student', (studentId: string) => ({
    class_id: classId,
    student_id: studentId,
  }))
export const useMoveMeeting = () =>
  useClassWrite(
    '/admin/group_classes/move_meeting',
    (input: { meeting_id: string; date: string; time: string }) => input,
  )
export const useCancelMeeting = () =>
  useClassWrite('/admin/group_classes/cancel_meeting', (meetingId: string) => ({ meeting_id: meetingId }))
export const useCancelRemaining = (classId: string) =>
  useClassWrite('/admin/group_classes/cancel_remaining', () => ({ class_id: classId }))

/** The enrolments answer what they did; the class is then read again. */
function useEnrolWrite<I, T>(
  path: string,
  schema: v.GenericSchema<unknown, { data: T }>,
  body: (input: I) => unknown,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: I) => post(path, schema, body(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupClassKeys.all }),
  })
}

export const useEnrolStudents = (classId: string) =>
  useEnrolWrite('/admin/group_classes/enrol', enrolResponse, (studentIds: string[]) => ({
    class_id: classId,
    student_ids: studentIds,
  }))
export const useEnrolCsv = (classId: string) =>
  useEnrolWrite('/admin/group_classes/enrol_csv', enrolCsvResponse, (csv: string) => ({
    class_id: classId,
    csv,
  }))
export const useEnrolCompany = (classId: string) =>
  useEnrolWrite('/admin/group_classes/enrol_company', enrolResponse, (companyName: string) => ({
    class_id: classId,
    company_name: companyName,
  }))
