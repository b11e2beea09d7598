import type { AdminTeacherStatus, TeachersFilters } from '../../api/admin-teachers.ts'

// The Teachers screen's filters live in the URL (design.md "The school's console").

const STATUSES: (AdminTeacherStatus | 'all')[] = ['pending_verification', 'active', 'deactivated', 'all']

export function readTeachersUrl(params: URLSearchParams): TeachersFilters {
  const status = STATUSES.find((s) => s === params.get('status')) ?? 'pending_verification'
  const page = Number(params.get('page'))
  return {
    status,
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  }
}

export function writeTeachersUrl({ status, q, page }: TeachersFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (status !== 'pending_verification') params.set('status', status)
  if (q) params.set('q', q)
  if (page > 1) params.set('page', String(page))
  return params
}
