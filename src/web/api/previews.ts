import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import { lessonPreviewResponse, teacherPreviewResponse } from '../../domain/api/previews.ts'
import { http } from './http.ts'

// GET /teachers/dummy and GET /lessons/dummy: the school's preview for a user who cannot book yet
// (decisions.md "/lessons/dummy and /teachers/dummy"). Its failure is only shown as the preview's
// absence ("failed to load dummy teachers data" of product-rules.md "Errors" is a plain rejection).

export const previewKeys = {
  all: ['previews'] as const,
  teachers: () => [...previewKeys.all, 'teachers'] as const,
  lessons: () => [...previewKeys.all, 'lessons'] as const,
}

const teacherPreviewOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: previewKeys.teachers(),
    queryFn: enabled
      ? ({ signal }) =>
          http.get('/teachers/dummy', teacherPreviewResponse, { signal, inline: true }).then((a) => a.data)
      : skipToken,
    staleTime: 5 * 60_000,
  })

const lessonPreviewOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: previewKeys.lessons(),
    queryFn: enabled
      ? ({ signal }) =>
          http.get('/lessons/dummy', lessonPreviewResponse, { signal, inline: true }).then((a) => a.data)
      : skipToken,
    staleTime: 5 * 60_000,
  })

export const useTeacherPreview = (enabled: boolean) => useQuery(teacherPreviewOptions(enabled))
export const useLessonPreview = (enabled: boolean) => useQuery(lessonPreviewOptions(enabled))
