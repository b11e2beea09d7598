import type { FastifyInstance } from 'fastify'
import { listLanguages, listLevels, listSpecializations } from './service.ts'

// spec §7 (with authentication): GET /languages/list, /levels/list, /specializations/list.
export async function dictionaryRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: app.authenticate }
  app.get('/languages/list', guarded, async () => ({ data: await listLanguages(app.deps) }))
  app.get('/levels/list', guarded, async () => ({ data: await listLevels(app.deps) }))
  app.get('/specializations/list', guarded, async () => ({ data: await listSpecializations(app.deps) }))
}
