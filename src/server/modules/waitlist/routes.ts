import type { FastifyInstance } from 'fastify'
import { waitlistCreateSchema, waitlistDeleteSchema } from '../../../domain/api/waitlist.ts'
import { currentUserWithRole } from '../../platform/auth.ts'
import { parseInput } from '../../platform/validate.ts'
import { joinWaitlist, leaveWaitlist, listWaitlists } from './service.ts'

// A student's waitlists. GET /waitlist/index lists them, POST /waitlist/create
// waits for a teacher (or changes the days and hours of that wait), POST /waitlist/delete leaves.
export async function waitlistRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.get('/waitlist/index', guarded, async (request) => ({
    data: await listWaitlists(ctx, currentUserWithRole(request, 'student')),
  }))

  app.post('/waitlist/create', guarded, async (request, reply) => {
    const student = currentUserWithRole(request, 'student')
    const input = parseInput(waitlistCreateSchema, request.body)
    const { entry, created } = await joinWaitlist(ctx, student, input)
    return reply.code(created ? 201 : 200).send({ data: entry })
  })

  app.post('/waitlist/delete', guarded, async (request) => {
    const student = currentUserWithRole(request, 'student')
    const { id } = parseInput(waitlistDeleteSchema, request.body)
    await leaveWaitlist(ctx, student, id)
    return { data: { id } }
  })
}
