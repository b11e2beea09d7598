import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type * as v from 'valibot'
import {
  type AdminAbsenceReport,
  absenceReportsResponse,
  absenceResolveResponse,
} from '../../domain/api/admin-lessons.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { adminKeys } from './admin.ts'
import { http } from './http.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The console's absence reports (product-rules.md "Absence reports"): GET
// /admin/absence_reports/index (the open queue oldest first, the decided ones newest first) and
// POST /admin/absence_reports/resolve (accepting warns or bans a student, penalises a teacher:
// "Warning and ban", "Teacher penalties").

export type { AdminAbsenceReport }
export type AbsenceReportStatus = AdminAbsenceReport['status']
export type AbsenceResolution = v.InferOutput<typeof absenceResolveResponse>['data']
export type AbsenceDecision = { report_id: string; decision: 'accept' | 'dismiss'; note: string }

export const ABSENCE_PAGE_SIZE = 20

export const absenceKeys = {
  all: [...adminKeys.all, 'absence'] as const,
  list: (status: AbsenceReportStatus, page: number) => [...absenceKeys.all, status, page] as const,
}

export const absenceReportsQueryOptions = (status: AbsenceReportStatus, page: number) =>
  queryOptions({
    queryKey: absenceKeys.list(status, page),
    queryFn: ({ signal }) =>
      http
        .get(
          `/admin/absence_reports/index?status=${status}&page=${page}&per_page=${ABSENCE_PAGE_SIZE}`,
          absenceReportsResponse,
          { signal },
        )
        .then((a) => a.data),
  })

export const useAbsenceReports = (status: AbsenceReportStatus, page: number) =>
  useQuery({ ...absenceReportsQueryOptions(status, page), placeholderData: keepPreviousData })

/** The dialog shows the refusal beside its note (already resolved, a cancelled lesson). */
export function useResolveAbsenceReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (decision: AbsenceDecision) =>
      waitAtLeast(
        http
          .post('/admin/absence_reports/resolve', absenceResolveResponse, { json: decision, inline: true })
          .then((a) => a.data),
        SPINNER_MIN_MS,
      ),
    onSuccess: () => {
      // The queues, the lesson's details, the overview's absences, a teacher's penalties and the
      // audit log have changed.
      for (const area of ['absence', 'lessons', 'overview', 'teachers', 'audit'])
        void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, area] })
    },
  })
}
