import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { replyNotFound } from './errors.ts'

const HASHED_ASSET = /[.-][A-Za-z0-9_-]{8,}\.(?:js|css|woff2|png|svg|webp)$/

/** The build's folders of files: a path inside them names a file or nothing, never an app route. */
const FILE_FOLDERS = ['/assets/', '/icons/']

/**
 * What the not-found handler does with a path no file matched: every path a person can type gets
 * the app shell, whose guard redirects (product-rules.md "Navigation guard": `/` → set-lessons,
 * unknown → `/`); API paths and other methods get the JSON 404; anything that names a file, sits in
 * a file folder or is not a plain path (`//`, `..`, encoded dots or slashes, NUL, bad escapes) is a
 * 404.
 */
export function fallbackFor(method: string, url: string): 'api' | 'shell' | 'missing' {
  const pathname = url.split('?')[0] ?? '/'
  if (pathname === '/api' || pathname.startsWith('/api/') || !['GET', 'HEAD'].includes(method)) {
    return 'api'
  }
  if (!isPlainPath(pathname)) return 'missing'
  if (FILE_FOLDERS.some((folder) => pathname.startsWith(folder) || `${pathname}/` === folder)) {
    return 'missing'
  }
  // A missing file with an extension (e.g. an old hashed chunk) is a real 404, not the app shell.
  if (/\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.html')) return 'missing'
  return 'shell'
}

function isPlainPath(pathname: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return false
  }
  if (/[\0\\]|%2f/i.test(pathname) || decoded.includes('\0')) return false
  return !decoded
    .slice(1)
    .split('/')
    .some((segment, i, all) => {
      const last = i === all.length - 1
      return segment === '.' || segment === '..' || (segment === '' && !last)
    })
}

function sendShell(reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-cache')
  return reply.sendFile('index.html')
}

/**
 * Serves the built PWA: hashed assets immutable for a year; index.html, sw.js and the
 * manifest never cached so an update is always found. Each built file is its own route (the build
 * is fixed while the server runs), so a directory or a malformed path never reaches the file
 * server; brotli or gzip siblings written at build time (scripts/precompress.ts) are sent to
 * clients that accept them. Returns false when there is no build; the caller then sets the
 * API-only not-found handler.
 */
export async function registerStatic(app: FastifyInstance, webDir: string | undefined): Promise<boolean> {
  if (!webDir || !existsSync(path.join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'no built web app found; serving the API only (run `npm run build`)')
    return false
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const rel = path.relative(webDir, filePath).split(path.sep).join('/')
      if (rel.startsWith('assets/') && HASHED_ASSET.test(rel.replace(/\.(?:br|gz)$/, ''))) {
        reply.header('cache-control', 'public, max-age=31536000, immutable')
      } else {
        reply.header('cache-control', 'no-cache')
      }
    },
  })
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    switch (fallbackFor(request.method, request.url)) {
      case 'api':
        return replyNotFound(request, reply)
      case 'missing':
        return reply.status(404).type('text/plain').send('Not found')
      case 'shell':
        return sendShell(reply)
    }
  })
  return true
}
