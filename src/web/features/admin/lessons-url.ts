import type { LessonStatus } from '../../../domain/api/my-lessons.ts'
import { type AdminLessonFilters, isLessonStatus } from '../../api/admin-lessons.ts'
import { isDayKey, isUuid, pageFrom } from './admin-format.ts'

// The lessons' filters live in the URL (design.md "The school's console"), as the audit log's do: a
// filtered list can be reloaded, shared and returned to from a lesson's details.

export type LessonsUrlFilters = {
  /** YYYY-MM-DD, Poland days, both included. */
  from: string
  to: string
  teacher: string
  /** The chosen person's name as the picker showed it (display only; the id filters). */
  teacher_name: string
  student: string
  student_name: string
  status: LessonStatus | ''
  page: number
}

export const emptyLessonsFilters: LessonsUrlFilters = {
  from: '',
  to: '',
  teacher: '',
  teacher_name: '',
  student: '',
  student_name: '',
  status: '',
  page: 1,
}

export function readLessonsUrl(params: URLSearchParams): LessonsUrlFilters {
  const text = (key: string) => params.get(key)?.trim() ?? ''
  const day = (key: string) => (isDayKey(text(key)) ? text(key) : '')
  const id = (key: string) => (isUuid(text(key)) ? text(key) : '')
  const status = text('status')
  const teacher = id('teacher')
  const student = id('student')
  return {
    from: day('from'),
    to: day('to'),
    teacher,
    teacher_name: teacher ? text('teacher_name').slice(0, 200) : '',
    student,
    student_name: student ? text('student_name').slice(0, 200) : '',
    status: isLessonStatus(status) ? status : '',
    page: pageFrom(params),
  }
}

export function writeLessonsUrl(filters: LessonsUrlFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of ['from', 'to', 'teacher', 'teacher_name', 'student', 'student_name', 'status'] as const) {
    if (filters[key]) params.set(key, filters[key])
  }
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

export const toLessonsApiFilters = (filters: LessonsUrlFilters): AdminLessonFilters => ({
  date_from: filters.from || undefined,
  date_to: filters.to || undefined,
  teacher_id: filters.teacher || undefined,
  student_id: filters.student || undefined,
  status: filters.status || undefined,
  page: filters.page,
})
