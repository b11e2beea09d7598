import type { FastifyInstance } from 'fastify'
import { listLanguages, listLevels, listSpecializations } from './service.ts'

// GET /languages/list, /levels/list, /specializations/list. Listed "with authentication" in
// product-rules.md "API calls", but the teacher registration (before any account exists) needs
// them, so they are public: reference data with nothing personal in it (docs/decisions.md
// "Dictionaries are public").
export async function dictionaryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/languages/list', async () => ({ data: await listLanguages(app.deps) }))
  app.get('/levels/list', async () => ({ data: await listLevels(app.deps) }))
  app.get('/specializations/list', async () => ({ data: await listSpecializations(app.deps) }))
}
