import type { FastifyInstance } from 'fastify'
import { timetableShowQuery, timetableUpdateSchema } from '../../../domain/api/timetables.ts'
import { currentUser, currentUserWithRole } from '../../platform/auth.ts'
import { parseInput } from '../../platform/validate.ts'
import { showTimetable, updateTimetable } from './service.ts'
import { scheduleSlotTopUps } from './top-up-job.ts'

// With authentication: POST /teachers/timetables/update (teacher only, product-rules.md "Roles and
// permissions") and GET /teachers/timetables/show (any signed-in user).
export async function timetableRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }
  scheduleSlotTopUps(app)

  app.post('/teachers/timetables/update', guarded, async (request) => {
    const teacher = currentUserWithRole(request, 'teacher')
    return { data: await updateTimetable(ctx, teacher, parseInput(timetableUpdateSchema, request.body)) }
  })

  app.get('/teachers/timetables/show', guarded, async (request) => ({
    data: await showTimetable(ctx, currentUser(request), parseInput(timetableShowQuery, request.query)),
  }))
}
