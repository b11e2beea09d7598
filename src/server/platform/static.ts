import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { replyNotFound } from './errors.ts'

const HASHED_ASSET = /[.-][A-Za-z0-9_-]{8,}\.(?:js|css|woff2|png|svg|webp)$/

/**
 * Serves the built PWA (issue #2): hashed assets immutable for a year; index.html, sw.js and the
 * manifest never cached so an update is always found; unknown non-API paths get index.html.
 * Returns false when there is no build; the caller then sets the API-only not-found handler.
 */
export async function registerStatic(app: FastifyInstance, webDir: string | undefined): Promise<boolean> {
  if (!webDir || !existsSync(path.join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'no built web app found; serving the API only (run `npm run build`)')
    return false
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: true,
    index: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const rel = path.relative(webDir, filePath).split(path.sep).join('/')
      if (rel.startsWith('assets/') && HASHED_ASSET.test(rel)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable')
      } else {
        reply.header('cache-control', 'no-cache')
      }
    },
  })
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    if (pathname.startsWith('/api/') || pathname === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      return replyNotFound(request, reply)
    }
    // A missing file with an extension (e.g. an old hashed chunk) is a real 404, not the app shell.
    if (/\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.html')) {
      return reply.status(404).type('text/plain').send('Not found')
    }
    reply.header('cache-control', 'no-cache')
    return reply.sendFile('index.html')
  })
  return true
}
