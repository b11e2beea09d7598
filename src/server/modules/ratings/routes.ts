import type { FastifyInstance } from 'fastify'
import { ratingSchema } from '../../../domain/api/my-lessons.ts'
import { sendAnswer } from '../../platform/idempotency.ts'
import { writeLesson } from '../lessons/public.ts'
import { type RatingMode, rateLesson } from './service.ts'

// With authentication: POST /ratings/create and /ratings/update {lesson_id, value,
// comment}, answering the rated lesson; safe to retry with an Idempotency-Key (the web's outbox
// replays ratings written offline).
export async function ratingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  for (const mode of ['create', 'update'] satisfies RatingMode[]) {
    app.post(`/ratings/${mode}`, guarded, async (request, reply) => {
      const answer = await writeLesson(
        ctx,
        request,
        `POST /ratings/${mode}`,
        ratingSchema,
        (tx, viewer, input, now) => rateLesson(tx, ctx, viewer, mode, input, now),
      )
      // The teacher's average changed: search's order and the teacher's own row.
      const teacherId = answer.body.data.teacher.id
      ctx.changes.publish({ kind: 'teacher', id: teacherId }, { kind: 'user', id: teacherId })
      return sendAnswer(reply, answer)
    })
  }
}
