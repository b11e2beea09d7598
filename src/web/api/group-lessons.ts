import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type GroupAbsenceInput,
  groupRosterResponse,
  type RosterEntry,
} from '../../domain/api/group-lessons.ts'
import { type AbsenceReportInput, lessonResponse } from '../../domain/api/my-lessons.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { http } from './http.ts'
import { lessonKeys } from './lessons.ts'
import type { LessonWrite } from './my-lesson-mutations.ts'
import { idempotent, reportAbsence } from './my-lesson-writes.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The group tab's calls: POST /lessons/group_absence (a student's "I will not come", or taking it
// back) and GET /lessons/group_roster (a meeting's students, for its teacher). Each dialog shows
// its own errors, hence `inline`.

export const groupRosterKeys = {
  roster: (lessonId: string) => [...lessonKeys.all, 'group-roster', lessonId] as const,
}

export function groupRosterQueryOptions(lessonId: string) {
  return queryOptions({
    queryKey: groupRosterKeys.roster(lessonId),
    queryFn: ({ signal }) =>
      http
        .get(`/lessons/group_roster?${new URLSearchParams({ lesson_id: lessonId })}`, groupRosterResponse, {
          signal,
          inline: true,
        })
        .then((answer) => answer.data),
  })
}

export const useGroupRoster = (lessonId: string) => useQuery(groupRosterQueryOptions(lessonId))

const sayGroupAbsence = (input: GroupAbsenceInput, idempotencyKey: string) =>
  http
    .post('/lessons/group_absence', lessonResponse, {
      json: input,
      headers: idempotent(idempotencyKey),
      inline: true,
    })
    .then((answer) => answer.data)

/** The student's word on one meeting; the group list then shows it. */
export function useGroupAbsence() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['lessons', 'group-absence'],
    networkMode: 'always',
    mutationFn: (write: LessonWrite<GroupAbsenceInput>) =>
      waitAtLeast(sayGroupAbsence(write.input, write.idempotencyKey), SPINNER_MIN_MS),
    onSuccess: async (answer, write) => {
      queryClient.setQueryData(lessonKeys.detail(write.lesson.id), answer)
      await queryClient.invalidateQueries({ queryKey: lessonKeys.list('group') })
    },
  })
}

/** The teacher's absence report on one student's place, from the roster; the roster reloads. */
export function useReportStudentAbsence(meetingLessonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['lessons', 'report-absence'],
    networkMode: 'always',
    mutationFn: (write: { input: AbsenceReportInput; idempotencyKey: string; entry: RosterEntry }) =>
      waitAtLeast(reportAbsence(write.input, write.idempotencyKey), SPINNER_MIN_MS),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupRosterKeys.roster(meetingLessonId) }),
  })
}
