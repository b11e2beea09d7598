import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Profile } from '../../domain/api/profile.ts'
import { teacherStudentsCountResponse, teacherStudentsResponse } from '../../domain/api/teachers.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { http } from './http.ts'
import { storeProfile, updateProfile } from './profile-update.ts'
import { waitAtLeast } from './wait-at-least.ts'

// GET teacher_students/list, POST teacher_students/create {emails} and GET
// /teachers/list_students_with_lessons: the teacher's allowed students (product-rules.md "Allowed
// students", EditAllowedStudents).

export const teacherStudentKeys = {
  all: ['teacher-students'] as const,
  allowed: () => [...teacherStudentKeys.all, 'allowed'] as const,
  withLessons: () => [...teacherStudentKeys.all, 'with-lessons'] as const,
}

/** The students the teacher allows while not accepting new ones. */
export const allowedStudentsQueryOptions = () =>
  queryOptions({
    queryKey: teacherStudentKeys.allowed(),
    queryFn: ({ signal }) =>
      http.get('/teacher_students/list', teacherStudentsResponse, { signal }).then((a) => a.data),
  })

/** The students who have or had a lesson with the teacher: the ones the dialog offers. */
export const studentsWithLessonsQueryOptions = () =>
  queryOptions({
    queryKey: teacherStudentKeys.withLessons(),
    queryFn: ({ signal }) =>
      http
        .get('/teachers/list_students_with_lessons', teacherStudentsResponse, { signal })
        .then((a) => a.data),
  })

export const useAllowedStudents = () => useQuery(allowedStudentsQueryOptions())

/**
 * The profile's `teacher_students` of GET /teachers/me (product-rules.md "Records and fields"): how
 * many students the teacher approved. Read by the teacher's profile screen only
 * (domain/api/profile.ts OwnProfile); a save of the list refreshes it with the rest of
 * `teacherStudentKeys.all`.
 */
export const useTeacherStudentsCount = (enabled: boolean) =>
  useQuery({
    queryKey: [...teacherStudentKeys.all, 'count'],
    queryFn: ({ signal }) =>
      http.get('/teachers/me', teacherStudentsCountResponse, { signal }).then((a) => a.data.teacher_students),
    enabled,
  })
export const useStudentsWithLessons = () => useQuery(studentsWithLessonsQueryOptions())

/** What EditAllowedStudents saves: accepting everyone, or only the chosen students (by e-mail). */
export type AllowedStudentsChoice = { accepting: true } | { accepting: false; emails: string[] }

/**
 * product-rules.md "Allowed students": accepting → not_accepting_new_students false; otherwise the
 * chosen students are saved first and then not_accepting_new_students becomes true, so the flag is
 * never set without the list it relies on. Errors are shown in the dialog (`inline`).
 */
export async function saveAllowedStudents(choice: AllowedStudentsChoice): Promise<Profile> {
  if (!choice.accepting) {
    await http.post('/teacher_students/create', teacherStudentsResponse, {
      json: { emails: choice.emails },
      inline: true,
    })
  }
  return updateProfile({ not_accepting_new_students: !choice.accepting })
}

export function useSaveAllowedStudents() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...teacherStudentKeys.all, 'save'],
    // Runs in the profile updates' queue, so it cannot overtake another profile change.
    scope: { id: 'profile-update' },
    mutationFn: (choice: AllowedStudentsChoice) => waitAtLeast(saveAllowedStudents(choice), SPINNER_MIN_MS),
    onSuccess: (profile) => storeProfile(queryClient, profile),
    // The list may have been saved even when the flag failed afterwards: read both again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: teacherStudentKeys.all }),
  })
}
