import type { FastifyInstance } from 'fastify'
import { groupAbsenceSchema, groupRosterQuery } from '../../../domain/api/group-lessons.ts'
import { currentUser } from '../../platform/auth.ts'
import { sendAnswer } from '../../platform/idempotency.ts'
import { parseInput } from '../../platform/validate.ts'
import { viewerOf } from '../../platform/viewer.ts'
import { writeLesson } from '../lessons/public.ts'
import { groupRoster, sayGroupAbsence } from './tab-service.ts'

// The group tab's routes (with authentication): a student's "I will not come" on their place,
// safe to retry with an Idempotency-Key, and a meeting's roster for its teacher.
export async function groupTabRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.post('/lessons/group_absence', guarded, async (request, reply) => {
    const answer = await writeLesson(
      ctx,
      request,
      'POST /lessons/group_absence',
      groupAbsenceSchema,
      (tx, viewer, input, now) => sayGroupAbsence(tx, ctx, viewer, input, now),
    )
    return sendAnswer(reply, answer)
  })

  app.get('/lessons/group_roster', guarded, async (request) => {
    const query = parseInput(groupRosterQuery, request.query)
    return { data: await groupRoster(ctx.db, viewerOf(currentUser(request)), query.lesson_id) }
  })
}
