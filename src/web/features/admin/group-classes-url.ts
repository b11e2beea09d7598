import { GROUP_CLASS_STATES, type GroupClassState } from '../../../domain/api/admin-group-classes.ts'
import type { GroupClassFilters } from '../../api/admin-group-classes.ts'
import { isUuid, pageFrom } from './admin-format.ts'

// The group classes' filters live in the URL (design.md "The school's console"), as the lessons'
// do: a filtered list can be reloaded, shared and returned to from a class's page.

export type GroupClassesUrlFilters = {
  teacher: string
  /** The chosen teacher's name as the picker showed it (display only; the id filters). */
  teacher_name: string
  language: string
  company: string
  state: GroupClassState | ''
  page: number
}

export const emptyGroupClassesFilters: GroupClassesUrlFilters = {
  teacher: '',
  teacher_name: '',
  language: '',
  company: '',
  state: '',
  page: 1,
}

const isState = (value: string): value is GroupClassState =>
  GROUP_CLASS_STATES.some((state) => state === value)

export function readGroupClassesUrl(params: URLSearchParams): GroupClassesUrlFilters {
  const text = (key: string) => params.get(key)?.trim() ?? ''
  const teacher = isUuid(text('teacher')) ? text('teacher') : ''
  const state = text('state')
  return {
    teacher,
    teacher_name: teacher ? text('teacher_name').slice(0, 200) : '',
    language: /^[1-9]\d{0,5}$/.test(text('language')) ? text('language') : '',
    company: text('company').slice(0, 100),
    state: isState(state) ? state : '',
    page: pageFrom(params),
  }
}

export function writeGroupClassesUrl(filters: GroupClassesUrlFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of ['teacher', 'teacher_name', 'language', 'company', 'state'] as const) {
    if (filters[key]) params.set(key, filters[key])
  }
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** The API's filters of the address's. */
export const groupClassesQuery = (filters: GroupClassesUrlFilters): GroupClassFilters => ({
  teacher_id: filters.teacher,
  language_id: filters.language,
  company: filters.company,
  state: filters.state,
  page: filters.page,
})
