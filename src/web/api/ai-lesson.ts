import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type AiSettings,
  aiLessonUrlResponse,
  aiSettingsResponse,
  conversationResponse,
  progressResponse,
  topicsResponse,
} from '../../domain/api/ai-lesson.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { aiLessonKeys } from './ai-lesson-keys.ts'
import { http } from './http.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The AI lesson's reads and its settings: GET /students/ai-lesson-url and the built-in tutor's
// /ai-lesson/* endpoints. Every tab shows its own errors, hence `inline`.

const inline = { inline: true } as const

/** GET /students/ai-lesson-url: short-lived, so never kept beyond its minutes. */
export const useAiLessonUrl = () =>
  useQuery({
    queryKey: aiLessonKeys.url(),
    queryFn: ({ signal }) => http.get('/students/ai-lesson-url', aiLessonUrlResponse, { signal, ...inline }),
    select: (answer) => answer.data,
    staleTime: 60_000,
    retry: 1,
  })

export const aiSettingsQueryOptions = () =>
  queryOptions({
    queryKey: aiLessonKeys.settings(),
    queryFn: ({ signal }) =>
      http.get('/ai-lesson/settings', aiSettingsResponse, { signal, ...inline }).then((a) => a.data),
    staleTime: 5 * 60_000,
    meta: { persist: true },
  })
export const useAiSettings = () => useQuery(aiSettingsQueryOptions())

export function useSaveAiSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AiSettings) =>
      waitAtLeast(
        http.post('/ai-lesson/settings', aiSettingsResponse, { json: input, ...inline }).then((a) => a.data),
        SPINNER_MIN_MS,
      ),
    onSuccess: (saved) => queryClient.setQueryData(aiLessonKeys.settings(), saved),
  })
}

export const useAiTopics = () =>
  useQuery({
    queryKey: aiLessonKeys.topics(),
    queryFn: ({ signal }) =>
      http.get('/ai-lesson/topics', topicsResponse, { signal, ...inline }).then((a) => a.data),
    staleTime: 5 * 60_000,
  })

/** The latest conversation (the chat tab continues it), or null. */
export const conversationQueryOptions = () =>
  queryOptions({
    queryKey: aiLessonKeys.conversation(),
    queryFn: ({ signal }) =>
      http
        .get('/ai-lesson/conversations/show', conversationResponse, { signal, ...inline })
        .then((a) => a.data),
  })
export const useConversation = () => useQuery(conversationQueryOptions())

export const useAiProgress = () =>
  useQuery({
    queryKey: aiLessonKeys.progress(),
    queryFn: ({ signal }) =>
      http.get('/ai-lesson/progress', progressResponse, { signal, ...inline }).then((a) => a.data),
    staleTime: 30_000,
  })
