import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'

let t: TestApp
let webDir: string
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'lk-web-'))
  mkdirSync(path.join(webDir, 'assets'))
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Lektorium</title>')
  writeFileSync(path.join(webDir, 'assets', 'app-AbCdEf12.js'), 'console.log(1)')
  writeFileSync(path.join(webDir, 'sw.js'), 'self.skipWaiting()')
  t = await buildTestApp({ config: { webDir } })
})
afterAll(async () => {
  await t.close()
  rmSync(webDir, { recursive: true, force: true })
})

const get = (url: string) => t.app.inject({ method: 'GET', url })

describe('serving the built PWA', () => {
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
