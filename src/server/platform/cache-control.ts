import type { FastifyInstance } from 'fastify'

// API answers carry people's data, and sign_in and accept_invitation carry a session token; no
// browser or proxy cache may keep them (a shared computer's back button, a corporate proxy). Every
// answer under /api/ — errors included, also those of the router itself (an unknown path, a path it
// cannot decode) — is `no-store` unless its route chose otherwise (signed file URLs: `private,
// max-age`, platform/file-urls.ts). So is /metrics, the scrape and its 404 alike.

const API_PREFIX = '/api/'
const METRICS = '/metrics'

export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? ''
    if ((path.startsWith(API_PREFIX) || path === METRICS) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store')
    }
    return payload
  })
}
