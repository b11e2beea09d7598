import type { StudentFilter, StudentsFilters } from '../../api/admin-students.ts'

// The Students screen's filters live in the URL (design.md "The school's console").

export const STUDENT_FILTER_VALUES: StudentFilter[] = [
  'all',
  'active',
  'expired',
  'banned',
  'warned',
  'invited',
  'deactivated',
]

const text = (params: URLSearchParams, key: string) => (params.get(key) ?? '').trim().slice(0, 100)

export function readStudentsUrl(params: URLSearchParams): StudentsFilters {
  const page = Number(params.get('page'))
  return {
    status: STUDENT_FILTER_VALUES.find((s) => s === params.get('status')) ?? 'all',
    q: text(params, 'q'),
    company: text(params, 'company'),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  }
}

export function writeStudentsUrl({ status, q, company, page }: StudentsFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (status !== 'all') params.set('status', status)
  if (q) params.set('q', q)
  if (company) params.set('company', company)
  if (page > 1) params.set('page', String(page))
  return params
}
