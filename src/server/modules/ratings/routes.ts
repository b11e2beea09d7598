import type { FastifyInstance } from 'fastify'
import { lessonResponse, ratingSchema } from '../../../domain/api/my-lessons.ts'
import { currentUser } from '../../platform/auth.ts'
import { idempotencyKey, idempotentWrite, sendAnswer } from '../../platform/idempotency.ts'
import { parseInput } from '../../platform/validate.ts'
import { boardTeacherChanged } from '../board/teacher-board.ts'
import { viewerOf } from '../lessons/lists.ts'
import { type RatingMode, rateLesson } from './service.ts'

// spec §7 (with authentication): POST /ratings/create and /ratings/update {lesson_id, value,
// comment}, answering the rated lesson; safe to retry with an Idempotency-Key (the web's outbox
// replays ratings written offline).
export async function ratingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  for (const mode of ['create', 'update'] satisfies RatingMode[]) {
    app.post(`/ratings/${mode}`, guarded, async (request, reply) => {
      const user = currentUser(request)
      const key = idempotencyKey(request)
      const input = parseInput(ratingSchema, request.body)
      const now = ctx.clock.now()
      const answer = await idempotentWrite(
        ctx,
        { userId: user.id, key, scope: `POST /ratings/${mode}`, body: request.body },
        lessonResponse,
        async (tx) => ({
          status: 200,
          body: { data: await rateLesson(tx, ctx, viewerOf(user), mode, input, now) },
        }),
      )
      // The teacher's average changed: the board (search order) reads the teacher anew.
      boardTeacherChanged(answer.body.data.teacher.id)
      return sendAnswer(reply, answer)
    })
  }
}
