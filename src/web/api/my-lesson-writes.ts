import { IDEMPOTENCY_HEADER } from '../../domain/api/lessons.ts'
import {
  type AbsenceReportInput,
  type LessonCancel,
  type LessonUpdate,
  lessonCancelResponse,
  lessonResponse,
  type RatingInput,
} from '../../domain/api/my-lessons.ts'
import { http } from './http.ts'

// The writes of my-lessons, as plain functions of (input, idempotencyKey): the mutation hooks
// (my-lesson-mutations.ts) call them, and an offline outbox can replay them later with the key it
// stored (architecture.md "Offline": exactly once). Every dialog shows its own errors, hence
// `inline`.

export const idempotent = (key: string) => ({ [IDEMPOTENCY_HEADER]: key })

/**
 * POST /lessons/cancel {lesson_id, cancellation_reason}: the lesson and what else happened
 * (product-rules.md "Cancellation").
 */
export const cancelLesson = (input: LessonCancel, idempotencyKey: string) =>
  http
    .post('/lessons/cancel', lessonCancelResponse, {
      json: input,
      headers: idempotent(idempotencyKey),
      inline: true,
    })
    .then((answer) => answer.data)

/** POST /lessons/update with one of note, teacher_memos or student_memos; the updated lesson. */
export const updateLesson = (input: LessonUpdate, idempotencyKey: string) =>
  http
    .post('/lessons/update', lessonResponse, {
      json: input,
      headers: idempotent(idempotencyKey),
      inline: true,
    })
    .then((answer) => answer.data)

export type LessonFileRef = { lesson_id: string; file_id: string }
const fileQuery = (input: LessonFileRef) =>
  new URLSearchParams({ lesson_id: input.lesson_id, file_id: input.file_id })

/** GET /lessons/remove_file?lesson_id&file_id (a write although a GET): the updated lesson. */
export const removeLessonFile = (input: LessonFileRef, idempotencyKey: string) =>
  http
    .get(`/lessons/remove_file?${fileQuery(input)}`, lessonResponse, {
      headers: idempotent(idempotencyKey),
      inline: true,
    })
    .then((answer) => answer.data)

/** GET /lessons/download_file: behind the bearer token, so fetched as a Blob (never a public URL). */
export const downloadLessonFile = (input: LessonFileRef, signal?: AbortSignal) =>
  http.readResponse(
    'get',
    `/lessons/download_file?${fileQuery(input)}`,
    { signal, inline: true },
    (response) => response.blob(),
  )

/** POST /lessons/report_absence {absentee_id, lesson_id, note}: the lesson with the report. */
export const reportAbsence = (input: AbsenceReportInput, idempotencyKey: string) =>
  http
    .post('/lessons/report_absence', lessonResponse, {
      json: input,
      headers: idempotent(idempotencyKey),
      inline: true,
    })
    .then((answer) => answer.data)

export type RatingMode = 'create' | 'update'

/**
 * POST /ratings/create or /ratings/update {lesson_id, value, comment} (product-rules.md "Ratings"):
 * the rated lesson.
 */
export const rateLesson = (mode: RatingMode, input: RatingInput, idempotencyKey: string) =>
  http
    .post(`/ratings/${mode}`, lessonResponse, {
      json: input,
      headers: idempotent(idempotencyKey),
      inline: true,
    })
    .then((answer) => answer.data)
