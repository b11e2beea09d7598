import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../../scripts/precompress.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'

let t: TestApp
let webDir: string
const BIG_SCRIPT = `${'console.log("Lektorium");\n'.repeat(400)}`
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'lk-web-'))
  mkdirSync(path.join(webDir, 'assets'))
  mkdirSync(path.join(webDir, 'icons'))
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Lektorium</title>')
  writeFileSync(path.join(webDir, 'assets', 'app-AbCdEf12.js'), 'console.log(1)')
  writeFileSync(path.join(webDir, 'assets', 'big-AbCdEf12.js'), BIG_SCRIPT)
  writeFileSync(path.join(webDir, 'icons', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(path.join(webDir, 'sw.js'), 'self.skipWaiting()')
  precompress(webDir)
  t = await buildTestApp({ config: { webDir } })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => {
  await t.close()
  rmSync(webDir, { recursive: true, force: true })
})

const get = (url: string) => t.app.inject({ method: 'GET', url })

/** The status of a GET whose path goes on the wire exactly as written. */
async function rawGet(rawPath: string): Promise<number> {
  const address = t.app.server.address()
  if (!address || typeof address === 'string') throw new Error('the test server is not listening')
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: address.port, path: rawPath }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.on('error', reject)
    request.end()
  })
}

describe('serving the built PWA', () => {
  // `/` once answered 500 (the static plugin refused the root directory).
  it.each([
    '/',
    '/dashboard',
    '/dashboard/my-lessons',
    '/login/teacher',
    '/registration',
    '/nie/ma/takiej/strony',
    '/index.html',
  ])('answers the typed path %s with the app shell', async (url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
    expect(response.body).toContain('<title>Lektorium</title>')
  })

  it('answers HEAD / like GET /', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
  })

  it.each(['/assets/', '/assets', '/icons/', '/icons/missing.png', '/assets/app-AbCdEf12.js.map'])(
    'answers the directory or missing file %s with 404',
    async (url) => {
      expect((await get(url)).statusCode).toBe(404)
    },
  )

  // Sent over a real socket: inject() would normalise these paths before the server saw them.
  it.each([
    ['//', 404],
    ['//assets/app-AbCdEf12.js', 404],
    ['/%2e%2e/%2e%2e/etc/passwd', 404],
    ['/assets/%2e%2e/index.html', 404],
    ['/..%2f..%2fetc%2fpasswd', 404],
    ['/a/../../etc/passwd', 404],
    ['/assets/..%5c..%5cindex.html', 404],
    ['/%00', 404],
    ['/%E0%A4%A', 400],
  ])('answers the malformed path %s with %i, never 500', async (rawPath, status) => {
    expect(await rawGet(rawPath)).toBe(status)
  })

  it('serves a file outside assets/ (the icons) as it is', async () => {
    const response = await get('/icons/logo.svg')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it('sends the precompressed brotli or gzip sibling to clients that accept it', async () => {
    const plain = await get('/assets/big-AbCdEf12.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(BIG_SCRIPT)

    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-AbCdEf12.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 10)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT)

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/big-AbCdEf12.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT)
  })

  it('compresses API JSON over 1 KB and leaves small answers alone', async () => {
    const headers = { 'accept-encoding': 'br, gzip' }
    const languages = await t.app.inject({ method: 'GET', url: '/api/v1/languages/list', headers })
    expect(languages.statusCode).toBe(200)
    expect(languages.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(languages.rawPayload).toString()).data.length).toBeGreaterThan(10)
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers })
    expect(health.headers['content-encoding']).toBeUndefined()
  })

  it('answers an app route with index.html that is never cached', async () => {
    const response = await get('/some/route?x=1')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<title>Lektorium</title>')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['content-type']).toMatch(/text\/html/)
  })

  it('serves hashed assets as immutable for a year', async () => {
    const response = await get('/assets/app-AbCdEf12.js')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('never caches the service worker', async () => {
    const response = await get('/sw.js')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it('answers a missing file with 404 rather than the app shell', async () => {
    expect((await get('/assets/app-Missing1.js')).statusCode).toBe(404)
  })

  it('keeps JSON 404s for unknown API paths and non-GET requests', async () => {
    const api = await get('/api/v1/nope')
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ error: 'No route GET /api/v1/nope', code: 'not_found' })
    const post = await t.app.inject({ method: 'POST', url: '/some/route' })
    expect(post.statusCode).toBe(404)
    expect(post.json().code).toBe('not_found')
  })

  it('answers /metrics with a 404 that no cache keeps, not the app shell, when METRICS_TOKEN is not set', async () => {
    for (const authorization of [undefined, 'Bearer anything']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ error: 'No route GET /metrics', code: 'not_found' })
      expect(response.headers['cache-control']).toBe('no-store')
    }
  })

  it('answers the health check without a database or a token', async () => {
    const response = await get('/api/v1/health')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { ok: true } })
  })

  it('sends a Content-Security-Policy', async () => {
    for (const url of ['/some/route', '/assets/app-AbCdEf12.js', '/api/v1/nope']) {
      const csp = (await get(url)).headers['content-security-policy']
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
    }
  })

  it('does not ask browsers to upgrade to HTTPS when the public URL is plain HTTP', async () => {
    const response = await get('/some/route')
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('behind an HTTPS public URL', () => {
  it('asks browsers to upgrade requests and remember HTTPS', async () => {
    const secure = await buildTestApp({ config: { publicUrl: 'https://lektorium.example' } })
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/v1/nope' })
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests')
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    } finally {
      await secure.close()
    }
  })
})
