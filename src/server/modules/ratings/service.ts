import type { Lesson, RatingInput } from '../../../domain/api/my-lessons.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/viewer.ts'
import { lockViewerLesson, type ReadContext, readLesson } from '../lessons/public.ts'
import { lockUser, updateUser } from '../users/public.ts'
import { findRating, insertRating, teacherRatingSummary, updateRating } from './repository.ts'

// POST /ratings/create and /ratings/update (product-rules.md "Ratings"): create when the
// lesson has no rating, update otherwise; only the lesson's student rates, and only a finished
// lesson. The teacher's average follows in the same transaction.

export type RatingMode = 'create' | 'update'

export async function rateLesson(
  tx: Db,
  ctx: Pick<ReadContext, 'fileUrls'>,
  viewer: Viewer,
  mode: RatingMode,
  input: RatingInput,
  now: Date,
): Promise<Lesson> {
  const lesson = await lockViewerLesson(tx, viewer, input.lesson_id)
  if (viewer.role !== 'student') throw new AppError('forbidden')
  if (lesson.cancelledAt) throw new AppError('lesson_cancelled')
  if (lesson.endsAt > now) throw new AppError('lesson_not_finished')
  const existing = await findRating(tx, lesson.id)
  const values = { lessonId: lesson.id, value: input.value, comment: input.comment, now }
  if (mode === 'create') {
    if (existing) throw new AppError('rating_exists')
    await insertRating(tx, values)
  } else {
    if (!existing) throw new AppError('rating_missing')
    await updateRating(tx, values)
  }
  // The teacher's row lock serialises ratings of all their lessons: each recount sees the others.
  await lockUser(tx, lesson.teacherId)
  const summary = await teacherRatingSummary(tx, lesson.teacherId)
  await updateUser(tx, lesson.teacherId, { averageRating: summary.average, ratingsCount: summary.count })
  return readLesson(tx, ctx, viewer, lesson.id, now)
}
