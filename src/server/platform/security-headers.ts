import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * Helmet's security headers on every answer. Its middleware is built once here: @fastify/helmet
 * built it again for every request, parsing the content security policy each time (a tenth of a
 * teacher search's CPU at 20,000 teachers).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options)
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined))
  })
}
