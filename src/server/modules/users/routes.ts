import type { FastifyInstance } from 'fastify'
import { currentUserWithRole } from '../../platform/auth.ts'
import { ownProfile } from './service.ts'

// GET /students/me and GET /teachers/me, each for its own role (product-rules.md "Roles and
// permissions").
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: app.authenticate }

  app.get('/students/me', guarded, async (request) => ({
    data: await ownProfile(app.deps, currentUserWithRole(request, 'student')),
  }))

  app.get('/teachers/me', guarded, async (request) => ({
    data: await ownProfile(app.deps, currentUserWithRole(request, 'teacher')),
  }))
}
