import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type Recap,
  type RecapContent,
  recapListResponse,
  recapResponse,
  recapWordsResponse,
} from '../../domain/api/recaps.ts'
import { aiLessonKeys } from './ai-lesson-keys.ts'
import { ApiError } from './api-error.ts'
import { http } from './http.ts'
import { lessonKeys } from './lessons.ts'
import { getSession } from './session.ts'

// The lesson recap (docs/decisions.md "The lesson recap"): the lesson's recaps as its party may
// read them, the teacher's edit of a draft and its publishing. Errors are shown where the recap is.

// The device's mirror (Dexie) loads when an answer is saved or needed offline, as the lesson lists'.
const recapMirror = () => import('../offline/recaps-mirror.ts')

/** `savedAt` is null for a fresh answer; offline, when the device's copy shown was fetched. */
export type LessonRecaps = { recaps: Recap[]; savedAt: number | null }

/**
 * The lesson's recaps, fresh when the server answers; with no connection, the published ones this
 * user last received for the lesson (docs/decisions.md "The recap offline").
 */
async function fetchRecaps(lessonId: string, signal: AbortSignal): Promise<LessonRecaps> {
  const session = getSession()
  const address = session ? { userId: session.userId, lessonId } : null
  try {
    const answer = await http.get(
      `/lessons/recaps/list?lesson_id=${encodeURIComponent(lessonId)}`,
      recapListResponse,
      { signal, silent: true },
    )
    if (address) {
      recapMirror()
        .then(({ saveRecaps }) => saveRecaps(address, answer.data))
        .catch((error: unknown) => console.warn('The recap could not be mirrored for offline use', error))
    }
    return { recaps: answer.data, savedAt: null }
  } catch (error) {
    if (address && error instanceof ApiError && error.kind === 'network') {
      const mirrored = await recapMirror()
        .then(({ loadRecaps }) => loadRecaps(address))
        .catch(() => null)
      if (mirrored) return mirrored
    }
    throw error
  }
}

export const recapKeys = {
  list: (lessonId: string) => [...lessonKeys.detail(lessonId), 'recaps'] as const,
}

export const recapsQuery = (lessonId: string) =>
  queryOptions({
    queryKey: recapKeys.list(lessonId),
    queryFn: ({ signal }) => fetchRecaps(lessonId, signal),
    networkMode: 'always',
  })

/** The lesson's recaps, looked at again while one is being prepared. */
export const useLessonRecaps = (lessonId: string) =>
  useQuery({
    ...recapsQuery(lessonId),
    refetchInterval: (query) =>
      query.state.data?.recaps.some((recap) => recap.status === 'preparing') ? 10_000 : false,
  })

function useRecapWrite<I>(lessonId: string, send: (input: I) => Promise<Recap>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (saved) =>
      queryClient.setQueryData<LessonRecaps>(
        recapKeys.list(lessonId),
        (list) =>
          list && { ...list, recaps: list.recaps.map((recap) => (recap.id === saved.id ? saved : recap)) },
      ),
  })
}

const post = (path: string, json: unknown) =>
  http.post(path, recapResponse, { json, inline: true }).then((answer) => answer.data)

/** The teacher's edit of a draft: its whole content, with an item removed. */
export const useUpdateRecap = (lessonId: string) =>
  useRecapWrite(lessonId, (input: { recap_id: string; content: RecapContent }) =>
    post('/lessons/recaps/update', input),
  )

export const usePublishRecap = (lessonId: string) =>
  useRecapWrite(lessonId, (recapId: string) => post('/lessons/recaps/publish', { recap_id: recapId }))

/** The student's one tap: the published recap's words into the AI wordbook, each once. */
export function useAddRecapWords() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (recapId: string) =>
      http
        .post('/lessons/recaps/add_words', recapWordsResponse, { json: { recap_id: recapId }, inline: true })
        .then((answer) => answer.data),
    // The wordbook (and its offline copy) reads the new cards when it is next shown.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiLessonKeys.words() }),
  })
}
