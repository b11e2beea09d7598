import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Grade } from 'ts-fsrs'
import {
  emptyResponse,
  type ReviewInput,
  type Word,
  type WordInput,
  wordListResponse,
  wordResponse,
} from '../../domain/api/ai-lesson.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { loadLessonList, saveLessonList } from '../offline/lesson-lists-mirror.ts'
import { queueLessonWrite } from '../offline/outbox-queue.ts'
import { aiLessonKeys } from './ai-lesson-keys.ts'
import { ApiError } from './api-error.ts'
import { http } from './http.ts'
import { idempotent } from './my-lesson-writes.ts'
import { getSession } from './session.ts'
import { waitAtLeast } from './wait-at-least.ts'
import { previewReview } from './word-preview.ts'

// The wordbook: the words list is mirrored in Dexie like the lesson lists, so it opens offline; a
// review made offline goes to the same outbox (its own Idempotency-Key), is shown at once with the
// schedule FSRS gives it on the device, and is replayed exactly once.

const LIST = '/ai-lesson/words/list'
const MIRROR = 'ai-words'

export type WordList = { words: Word[]; savedAt: number | null }

async function fetchWords(signal: AbortSignal): Promise<WordList> {
  const session = getSession()
  const address = session ? { userId: session.userId, list: MIRROR, query: LIST } : null
  try {
    const answer = await http.get(LIST, wordListResponse, { signal, inline: true })
    if (address) {
      saveLessonList(address, answer).catch((error: unknown) =>
        console.warn('The wordbook could not be mirrored for offline use', error),
      )
    }
    return { words: answer.data, savedAt: null }
  } catch (error) {
    if (address && error instanceof ApiError && error.kind === 'network') {
      const mirrored = await loadLessonList(address, wordListResponse).catch(() => null)
      if (mirrored) return { words: mirrored.answer.data, savedAt: mirrored.savedAt }
    }
    throw error
  }
}

export const useWords = () =>
  useQuery({
    queryKey: aiLessonKeys.words(),
    queryFn: ({ signal }) => fetchWords(signal),
    networkMode: 'always',
  })

/** Puts `word` in the list (and its offline mirror), replacing the one with its id. */
function useStoreWord() {
  const queryClient = useQueryClient()
  return (word: Word) => {
    const next = queryClient.setQueryData<WordList>(aiLessonKeys.words(), (old) => {
      const others = (old?.words ?? []).filter((w) => w.id !== word.id)
      return {
        words: [...others, word].sort((a, b) => a.due.localeCompare(b.due)),
        savedAt: old?.savedAt ?? null,
      }
    })
    const session = getSession()
    if (next && session) {
      void saveLessonList({ userId: session.userId, list: MIRROR, query: LIST }, { data: next.words }).catch(
        () => {},
      )
    }
  }
}

export function useAddWord() {
  const store = useStoreWord()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: WordInput) =>
      waitAtLeast(
        http.post('/ai-lesson/words/create', wordResponse, { json: input, inline: true }),
        SPINNER_MIN_MS,
      ),
    onSuccess: (answer) => {
      store(answer.data)
      void queryClient.invalidateQueries({ queryKey: aiLessonKeys.progress() })
    },
  })
}

export function useDeleteWord() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (wordId: string) =>
      http.post('/ai-lesson/words/delete', emptyResponse, { json: { word_id: wordId }, inline: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiLessonKeys.all }),
  })
}

/** POST /ai-lesson/words/review with the review's own key (the outbox replays it with it). */
export const sendReview = (input: ReviewInput, idempotencyKey: string) =>
  http
    .post('/ai-lesson/words/review', wordResponse, {
      json: input,
      headers: idempotent(idempotencyKey),
      inline: true,
    })
    .then((answer) => answer.data)

export type ReviewWrite = { word: Word; grade: Grade; idempotencyKey: string }

/** Grades a word: sent at once when online, else queued; either way the list moves on at once. */
export function useReviewWord() {
  const store = useStoreWord()
  const queryClient = useQueryClient()
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ word, grade, idempotencyKey }: ReviewWrite): Promise<'sent' | 'queued'> => {
      const input: ReviewInput = { word_id: word.id, grade, reviewed_at: new Date().toISOString() }
      const queue = async (): Promise<'queued'> => {
        const userId = getSession()?.userId
        if (!userId) throw new ApiError({ kind: 'network', message: 'No session to queue the review for' })
        await queueLessonWrite(userId, { kind: 'aiReview', lessonId: word.id, input, idempotencyKey })
        store(previewReview(word, grade, new Date(input.reviewed_at)))
        return 'queued'
      }
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return queue()
      try {
        store(await sendReview(input, idempotencyKey))
        return 'sent'
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'network') return queue()
        throw error
      }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: aiLessonKeys.progress() }),
  })
}
