import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { type AuditEntryDto, auditIndexResponse } from '../../domain/api/admin-answers.ts'
import { adminKeys } from './admin.ts'
import { http } from './http.ts'

// The console's audit log: GET /admin/audit/index, newest first, filtered.

export type AuditEntry = AuditEntryDto

export type AuditFilters = {
  action?: string | undefined
  target_type?: string | undefined
  target_id?: string | undefined
  /** ISO instants: the range's first and last moment. */
  from?: string | undefined
  to?: string | undefined
  page: number
}

export const AUDIT_PAGE_SIZE = 25

export const auditKeys = {
  all: [...adminKeys.all, 'audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, filters] as const,
}

function auditSearch(filters: AuditFilters): string {
  const query = new URLSearchParams({ page: String(filters.page), per_page: String(AUDIT_PAGE_SIZE) })
  for (const key of ['action', 'target_type', 'target_id', 'from', 'to'] as const) {
    const value = filters[key]
    if (value) query.set(key, value)
  }
  return query.toString()
}

export const auditQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) =>
      http
        .get(`/admin/audit/index?${auditSearch(filters)}`, auditIndexResponse, { signal })
        .then((a) => a.data),
  })

// The page stays on screen while the next one loads.
export const useAuditLog = (filters: AuditFilters) =>
  useQuery({ ...auditQueryOptions(filters), placeholderData: keepPreviousData })
