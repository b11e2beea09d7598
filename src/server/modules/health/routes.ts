import type { FastifyInstance } from 'fastify'
import { checkReadiness } from './readiness.ts'

// Health for scripts and load balancers: no authentication.
// - /health: the process answers (and the static ceiling of the benchmarks); kept as it was.
// - /health/live: the same, under the name balancers and orchestrators expect.
// - /health/ready: the database answers, the migrations are applied, the file store is reachable
//   and the process is not draining; 503 otherwise (the checks say which failed).
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => ({ data: { ok: true } }))
  app.get('/health/live', async () => ({ data: { ok: true } }))
  app.get('/health/ready', async (_request, reply) => {
    const { pool } = app.deps.database
    const readiness = await checkReadiness({ pool, storage: app.deps.storage, lifecycle: app.deps.lifecycle })
    return reply.status(readiness.ready ? 200 : 503).send({ data: readiness })
  })
}
