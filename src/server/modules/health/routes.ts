import type { FastifyInstance } from 'fastify'

// Liveness for scripts and load balancers (and the static ceiling of the benchmarks): no database,
// no authentication.
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => ({ data: { ok: true } }))
}
