import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import { dictionaryId } from '../validation/rules.ts'
import { envelope, idSchema } from './common.ts'

// Booking: POST /lessons/create (product-rules.md "Booking").

/**
 * Body of POST /lessons/create: the slots of one teacher to book for the signing-in student, in
 * one language and level. Sent with an `Idempotency-Key` header so a retry books nothing twice.
 */
export const lessonCreateSchema = v.object({
  language_id: dictionaryId(issue('required')),
  level_id: dictionaryId(issue('required')),
  teacher_id: v.pipe(v.string(issue('required')), v.uuid(issue('invalid'))),
  time_slot_ids: v.pipe(
    v.array(v.pipe(v.string(issue('invalid')), v.uuid(issue('invalid'))), issue('slot_required')),
    v.minLength(1, issue('slot_required')),
    v.maxLength(14, issue('too_many', 14)),
    v.check((ids) => new Set(ids).size === ids.length, issue('slot_duplicate')),
  ),
})
export type LessonCreate = v.InferOutput<typeof lessonCreateSchema>

/**
 * A booked lesson as POST /lessons/create returns it (the lesson's fields that exist at booking
 * time; the lesson lists of my-lessons.ts return the full lesson).
 */
export const bookedLessonSchema = v.object({
  id: idSchema,
  lesson_id: idSchema,
  time_slot_id: idSchema,
  teacher_id: idSchema,
  student_id: idSchema,
  language_id: v.number(),
  level_id: v.number(),
  /** ISO instant (UTC). */
  scheduled_at: v.string(),
  status: v.literal('scheduled'),
})
export type BookedLesson = v.InferOutput<typeof bookedLessonSchema>

export const lessonCreateResponse = envelope(v.object({ lessons: v.array(bookedLessonSchema) }))
export type LessonCreateAnswer = v.InferOutput<typeof lessonCreateResponse>['data']

/** The request header that makes a retried write safe (architecture.md "API"). */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const idempotencyKeySchema = v.pipe(
  v.string(),
  v.minLength(8),
  v.maxLength(200),
  v.regex(/^[\w.:-]+$/),
)
