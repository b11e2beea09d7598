import type { FastifyInstance } from 'fastify'
import { showSettings } from './service.ts'

// GET /settings/show (with authentication).
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/settings/show', { preHandler: app.authenticate }, async () => ({
    data: await showSettings(app.deps),
  }))
}
