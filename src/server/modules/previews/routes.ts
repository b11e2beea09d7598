import type { FastifyInstance } from 'fastify'
import { currentUser } from '../../platform/auth.ts'
import { previewLessons, previewTeachers } from './service.ts'

// With authentication: GET /teachers/dummy and GET /lessons/dummy, for any signed-in user.
export async function previewRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.get('/teachers/dummy', guarded, async (request) => ({
    data: await previewTeachers(ctx, currentUser(request)),
  }))

  app.get('/lessons/dummy', guarded, async (request) => ({
    data: await previewLessons(ctx, currentUser(request)),
  }))
}
