import type { FastifyInstance } from 'fastify'
import { lessonCreateResponse, lessonCreateSchema } from '../../../domain/api/lessons.ts'
import { currentUserWithRole } from '../../platform/auth.ts'
import { idempotencyKey, idempotentWrite } from '../../platform/idempotency.ts'
import { parseInput } from '../../platform/validate.ts'
import { bookLessons } from './book-lessons.ts'

// spec §7 (with authentication): POST /lessons/create, students only (spec §6), safe to retry
// with an Idempotency-Key (ARCHITECTURE.md "API"); a replay answers the first status and body.
export async function lessonRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.post('/lessons/create', guarded, async (request, reply) => {
    const student = currentUserWithRole(request, 'student')
    const key = idempotencyKey(request)
    const input = parseInput(lessonCreateSchema, request.body)
    const now = ctx.clock.now()
    const answer = await idempotentWrite(
      ctx,
      { userId: student.id, key, scope: 'POST /lessons/create', body: request.body },
      lessonCreateResponse,
      async (tx) => ({ status: 201, body: { data: await bookLessons(tx, now, student.id, input) } }),
    )
    if (answer.replayed) reply.header('idempotent-replayed', 'true')
    return reply.status(answer.status).send(answer.body)
  })
}
