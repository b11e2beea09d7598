import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type {
  AbsenceReportInput,
  Lesson,
  LessonCancel,
  LessonUpdate,
  RatingInput,
} from '../../domain/api/my-lessons.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { whenIdle } from '../config/when-idle.ts'
import type { OutboxEntry } from '../offline/outbox.ts'
import { preloadOutbox, queueLessonWrite } from '../offline/outbox-queue.ts'
import type { OutboxWrite } from '../offline/outbox-write.ts'
import { ApiError } from './api-error.ts'
import { type LessonList, lessonKeys } from './lessons.ts'
import { type MaterialInput, type UploadControl, uploadMaterial } from './material-upload.ts'
import {
  cancelLesson,
  downloadLessonFile,
  type LessonFileRef,
  type RatingMode,
  rateLesson,
  removeLessonFile,
  reportAbsence,
  updateLesson,
} from './my-lesson-writes.ts'
import { useOutboxEntries } from './outbox-sync.ts'
import { profileKeys } from './profile.ts'
import { getSession } from './session.ts'
import { timetableKeys } from './timetables.ts'
import { waitAtLeast } from './wait-at-least.ts'

// The mutation hooks of my-lessons: each sends one write of my-lesson-writes.ts with the key of the
// user's action, then refreshes the list the lesson is shown in. `mutationKey`s let an offline
// outbox set defaults for them (architecture.md "Web app": setMutationDefaults).

type LessonRef = Pick<Lesson, 'id' | 'is_group' | 'finished_at' | 'ends_at' | 'teacher'>

/** A write of the user's action on `lesson`, sent with the action's Idempotency-Key. */
export type LessonWrite<I> = { input: I; idempotencyKey: string; lesson: LessonRef }

export const myLessonMutationKeys = {
  cancel: ['lessons', 'cancel'],
  update: ['lessons', 'update'],
  upload: ['lessons', 'upload-material'],
  removeFile: ['lessons', 'remove-file'],
  absence: ['lessons', 'report-absence'],
  rating: ['ratings', 'save'],
} as const

/**
 * product-rules.md "Notes and memos": after an edit the table refreshed is the group lessons for a
 * group lesson, else the closed lessons when finished_at is set, else the scheduled ones.
 */
export function listOf(lesson: Pick<Lesson, 'is_group' | 'finished_at'>): LessonList {
  if (lesson.is_group) return 'group'
  return lesson.finished_at ? 'finished' : 'scheduled'
}

async function refreshLesson(queryClient: QueryClient, lesson: LessonRef, answer?: Lesson) {
  if (answer) queryClient.setQueryData(lessonKeys.detail(lesson.id), answer)
  else await queryClient.invalidateQueries({ queryKey: lessonKeys.detail(lesson.id) })
  const lists = new Set([listOf(lesson)])
  // The closed list holds every one-to-one lesson that has ended, cancelled ones too (their
  // finished_at stays null).
  if (!lesson.is_group && Date.parse(lesson.ends_at) <= Date.now()) lists.add('finished')
  await Promise.all(
    [...lists].map((list) => queryClient.invalidateQueries({ queryKey: lessonKeys.list(list) })),
  )
}

// Every write runs at once, online or not (`networkMode: 'always'`): notes, memos and ratings go
// to the outbox when there is no connection; anything else fails with the network error beside
// its form instead of waiting, unseen, in memory (a cancel must not happen hours later).
const networkMode = 'always'

function useLessonWrite<I, R>(
  mutationKey: readonly string[],
  send: (write: LessonWrite<I>) => Promise<R>,
  answerLesson: (answer: R) => Lesson | undefined,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey,
    networkMode,
    mutationFn: (write: LessonWrite<I>) => waitAtLeast(send(write), SPINNER_MIN_MS),
    onSuccess: (answer, write) => refreshLesson(queryClient, write.lesson, answerLesson(answer)),
  })
}

/** The answer of a write kept in the outbox to be sent later (architecture.md "Offline"). */
export const QUEUED = 'queued' as const
export type Queued = typeof QUEUED

/**
 * Sends a note, memo or rating; with no connection (or when the request cannot get through) it
 * goes to the outbox with the same Idempotency-Key instead, to be replayed exactly once.
 */
async function sendOrQueue<R>(write: OutboxWrite, send: () => Promise<R>): Promise<R | Queued> {
  const userId = getSession()?.userId
  const queue = async () => {
    if (!userId) throw new ApiError({ kind: 'network', message: 'No session to queue the write for' })
    await queueLessonWrite(userId, write)
    return QUEUED
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return queue()
  try {
    return await send()
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'network') return queue()
    throw error
  }
}

const answered = <R>(answer: R | Queued): R | undefined => (answer === QUEUED ? undefined : answer)

/** AddNote and LessonMemos: POST /lessons/update with note, teacher_memos or student_memos. */
export const useUpdateLesson = () =>
  useLessonWrite<LessonUpdate, Lesson | Queued>(
    myLessonMutationKeys.update,
    (write) =>
      sendOrQueue(
        {
          kind: 'update',
          lessonId: write.lesson.id,
          input: write.input,
          idempotencyKey: write.idempotencyKey,
        },
        () => updateLesson(write.input, write.idempotencyKey),
      ),
    answered,
  )

/** Uploads a material (no spinner minimum: the progress bar is the feedback). */
export function useUploadMaterial() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: myLessonMutationKeys.upload,
    networkMode,
    mutationFn: (write: LessonWrite<MaterialInput> & { control?: UploadControl }) =>
      uploadMaterial(write.input, write.idempotencyKey, write.control),
    onSuccess: (answer, write) => refreshLesson(queryClient, write.lesson, answer),
  })
}

export const useRemoveLessonFile = () =>
  useLessonWrite<LessonFileRef, Lesson>(
    myLessonMutationKeys.removeFile,
    (write) => removeLessonFile(write.input, write.idempotencyKey),
    (answer) => answer,
  )

export const useReportAbsence = () =>
  useLessonWrite<AbsenceReportInput, Lesson>(
    myLessonMutationKeys.absence,
    (write) => reportAbsence(write.input, write.idempotencyKey),
    (answer) => answer,
  )

/** RateLesson (product-rules.md "Ratings"): create when the lesson has no rating yet, else update. */
export const useRateLesson = () =>
  useLessonWrite<RatingInput & { mode: RatingMode }, Lesson | Queued>(
    myLessonMutationKeys.rating,
    (write) =>
      sendOrQueue(
        {
          kind: 'rating',
          lessonId: write.lesson.id,
          input: write.input,
          idempotencyKey: write.idempotencyKey,
        },
        () => {
          const { mode, ...rating } = write.input
          return rateLesson(mode, rating, write.idempotencyKey)
        },
      ),
    answered,
  )

/**
 * CancelLesson (product-rules.md "Cancellation"): the lesson's list and the closed list (a
 * cancelled lesson may move there), the teacher's timetable (the slot is free again) and, unless
 * the student was banned and is being signed out, the profile (warned_at may have changed: BanWarn
 * then shows).
 */
export function useCancelLesson() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: myLessonMutationKeys.cancel,
    networkMode,
    mutationFn: (write: LessonWrite<LessonCancel>) =>
      waitAtLeast(cancelLesson(write.input, write.idempotencyKey), SPINNER_MIN_MS),
    onSuccess: async (answer, write) => {
      await Promise.all([
        refreshLesson(queryClient, write.lesson, answer.lesson),
        queryClient.invalidateQueries({ queryKey: lessonKeys.list('finished') }),
        queryClient.invalidateQueries({ queryKey: timetableKeys.teacher(write.lesson.teacher.id) }),
        answer.outcome === 'banned' ? null : queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ])
    },
  })
}

/** Downloads a material as a Blob (a read: nothing to refresh). */
export const useDownloadLessonFile = () =>
  useMutation({ mutationFn: (file: LessonFileRef) => downloadLessonFile(file) })

/**
 * The lessons with a note, memo or rating in the outbox (design.md "Feedback": queued work shows as
 * pending until the server has it): waiting to be sent, or refused by the server (`failed`). Once
 * the lessons have rendered, the outbox's code is fetched in an idle moment, ready for a write made
 * after the connection drops.
 */
export function useLessonOutbox(): {
  entries: OutboxEntry[]
  pending: ReadonlySet<string>
  failed: ReadonlySet<string>
} {
  const entries = useOutboxEntries()
  useEffect(() => whenIdle(preloadOutbox), [])
  return useMemo(
    () => ({
      entries,
      pending: new Set(entries.filter((e) => e.state === 'pending').map((e) => e.lessonId)),
      failed: new Set(entries.filter((e) => e.state === 'failed').map((e) => e.lessonId)),
    }),
    [entries],
  )
}
