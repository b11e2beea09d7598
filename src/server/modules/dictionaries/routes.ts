import type { FastifyInstance } from 'fastify'
import { listLanguages, listLevels, listSpecializations } from './service.ts'

// spec §7: GET /languages/list, /levels/list, /specializations/list. Listed there "with
// authentication", but the teacher registration (spec §2, before any account exists) needs them,
// so they are public: reference data with nothing personal in it (docs/decisions.md).
export async function dictionaryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/languages/list', async () => ({ data: await listLanguages(app.deps) }))
  app.get('/levels/list', async () => ({ data: await listLevels(app.deps) }))
  app.get('/specializations/list', async () => ({ data: await listSpecializations(app.deps) }))
}
