import {
  type LackOfSlotsInput,
  lackOfSlotsResponse,
  teacherExistenceResponse,
} from '../../domain/api/language-onboardings.ts'
import { teacherSearchResponse } from '../../domain/api/teachers.ts'
import { ApiError } from './api-error.ts'
import { http } from './http.ts'
import { searchQueryString, type TeacherSearchParams } from './teacher-search.ts'

// The calls of the language onboarding (product-rules.md "Language onboarding"):
// check_teacher_existence, one teacher from teachers/search, report_lack_of_slots. They run one
// after another inside "Find teacher", not as cached queries: each press asks afresh. Failures go
// through the transport rules (product-rules.md "Errors").

export type OnboardingCriteria = {
  languageId: number
  teachingLanguageId: number
  levelId: number
  specializationId: number | null
}

export async function checkTeacherExistence(criteria: OnboardingCriteria): Promise<boolean> {
  const query = new URLSearchParams({
    language_id: String(criteria.languageId),
    teaching_language_id: String(criteria.teachingLanguageId),
    level_id: String(criteria.levelId),
  })
  if (criteria.specializationId !== null) query.set('specialization_id', String(criteria.specializationId))
  const answer = await http.get(
    `/language_onboardings/check_teacher_existence?${query}`,
    teacherExistenceResponse,
  )
  return answer.data.exists
}

/** The first teacher of a search ("searches for one teacher"), or null. */
export async function searchOneTeacher(params: Omit<TeacherSearchParams, 'page' | 'perPage'>) {
  const query = searchQueryString({ ...params, page: 1, perPage: 1 })
  const answer = await http.get(`/teachers/search?${query}`, teacherSearchResponse)
  return answer.data[0] ?? null
}

/** Sends the report; past the student's reports of the day says so instead. */
export async function reportLackOfSlots(
  input: LackOfSlotsInput,
): Promise<{ sent: true } | { sent: false; max: string }> {
  try {
    await http.post('/language_onboardings/report_lack_of_slots', lackOfSlotsResponse, { json: input })
    return { sent: true }
  } catch (error) {
    if (error instanceof ApiError && error.code === 'lack_of_slots_daily_cap') {
      return { sent: false, max: error.params.max ?? '' }
    }
    throw error
  }
}
