import { addDays, fromPolandLocal, parseDateKey } from '../../../domain/poland-time.ts'
import type { AuditFilters } from '../../api/admin-audit.ts'

// The audit log's filters live in the URL (design.md "The school's console"): a filtered view can
// be reloaded, shared, and linked to from another screen ("see it in the log").

export type AuditUrlFilters = {
  action: string
  target_type: string
  target_id: string
  /** YYYY-MM-DD, Poland days, both included. */
  from: string
  to: string
  page: number
}

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/
const validDate = (key: string) => {
  if (!DATE_KEY.test(key)) return false
  const { year, month, day } = parseDateKey(key)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

export function readAuditUrl(params: URLSearchParams): AuditUrlFilters {
  const text = (key: string) => params.get(key)?.trim() ?? ''
  const date = (key: string) => (validDate(text(key)) ? text(key) : '')
  const page = Number(params.get('page'))
  return {
    action: text('action'),
    target_type: text('target_type'),
    target_id: text('target_id'),
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  }
}

export function writeAuditUrl(filters: AuditUrlFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of ['action', 'target_type', 'target_id', 'from', 'to'] as const) {
    if (filters[key]) params.set(key, filters[key])
  }
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** The API's filters: the days' range as instants, from the first day's midnight (Poland time)
 *  to the midnight after the last day (the server's `to` is exclusive). */
export function toApiFilters(filters: AuditUrlFilters): AuditFilters {
  return {
    action: filters.action || undefined,
    target_type: filters.target_type || undefined,
    target_id: filters.target_id || undefined,
    from: filters.from ? fromPolandLocal(parseDateKey(filters.from)).toISOString() : undefined,
    to: filters.to ? fromPolandLocal(parseDateKey(addDays(filters.to, 1))).toISOString() : undefined,
    page: filters.page,
  }
}
