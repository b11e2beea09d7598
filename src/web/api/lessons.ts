import { useMutation, useQueryClient } from '@tanstack/react-query'
import { IDEMPOTENCY_HEADER, type LessonCreate, lessonCreateResponse } from '../../domain/api/lessons.ts'
import { http } from './http.ts'
import { timetableKeys } from './timetables.ts'

// POST /lessons/create {language_id, level_id, teacher_id, time_slot_ids}.

/** Every query that shows the user's lessons lives under this key (the lists: api/my-lessons.ts). */
export const lessonKeys = {
  all: ['lessons'] as const,
  /** One list of my-lessons (its tabs); finished and group lists add their page query. */
  list: (list: LessonList) => [...lessonKeys.all, 'list', list] as const,
  page: (list: Exclude<LessonList, 'scheduled'>, query: LessonPageQuery) =>
    [...lessonKeys.list(list), query] as const,
  detail: (lessonId: string) => [...lessonKeys.all, 'detail', lessonId] as const,
}

/** The my-lessons tabs: scheduled, closed (list_finished) and group lessons. */
export type LessonList = 'scheduled' | 'finished' | 'group'

/** The query of list_finished and list_group (domain/api/my-lessons.ts lessonListQuery). */
export type LessonPageQuery = { dateFrom?: string; dateTo?: string; page: number; perPage: number }

export type CreateLessonsInput = { body: LessonCreate; idempotencyKey: string }

/**
 * Books the chosen slots. The `Idempotency-Key` makes a retry of the same attempt safe
 * (architecture.md "API"); errors are shown by the confirm dialog, hence `inline`. Afterwards every
 * timetable and lesson list is refetched (product-rules.md "Booking": the schedule reloads).
 */
export function useCreateLessons() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: CreateLessonsInput) =>
      http
        .post('/lessons/create', lessonCreateResponse, {
          json: body,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          inline: true,
        })
        .then((answer) => answer.data),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timetableKeys.all }),
        queryClient.invalidateQueries({ queryKey: lessonKeys.all }),
      ])
    },
  })
}
