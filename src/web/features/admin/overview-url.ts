import { addDays } from '../../../domain/poland-time.ts'
import type { OverviewFilters } from '../../api/admin-overview.ts'
import { isDayKey } from './admin-format.ts'

// The overview's period lives in the URL: the weeks shown, and the teachers' period (both days or
// neither; at most a year, as the server allows).

export const WEEK_CHOICES = [4, 8, 12, 26, 52] as const
export const MAX_PERIOD_DAYS = 366

export function readOverviewUrl(params: URLSearchParams): OverviewFilters {
  const weeks = Number(params.get('weeks'))
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  const period = isDayKey(from) && isDayKey(to) && !periodProblem(from, to)
  return {
    weeks: WEEK_CHOICES.some((w) => w === weeks) ? weeks : 12,
    date_from: period ? from : undefined,
    date_to: period ? to : undefined,
  }
}

export function writeOverviewUrl(filters: OverviewFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.weeks !== 12) params.set('weeks', String(filters.weeks))
  if (filters.date_from && filters.date_to) {
    params.set('from', filters.date_from)
    params.set('to', filters.date_to)
  }
  return params
}

/** What is wrong with a typed period, if anything. */
export function periodProblem(from: string, to: string): 'order' | 'too_long' | null {
  if (to < from) return 'order'
  if (addDays(from, MAX_PERIOD_DAYS) <= to) return 'too_long'
  return null
}
