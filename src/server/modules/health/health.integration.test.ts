import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { type Database, openDatabase } from '../../db/client.ts'
import { clusterDir, ensureCluster, stopCluster } from '../../db/embedded/cluster.ts'
import { createLifecycle } from '../../platform/lifecycle.ts'
import { createLocalStorage } from '../../platform/storage.ts'
import { createS3Storage } from '../../platform/storage-s3.ts'
import { testConfig } from '../../test-support/build-test-app.ts'
import { createCapturingMailer } from '../../test-support/capturing-mailer.ts'

// Health for load balancers. /health/live answers while the process does; /health/ready only while
// the database answers with every migration applied, the file store is reachable and the process is
// not draining. The database here is a PostgreSQL of the test's own (the embedded one, in a
// temporary directory), so the test can stop it and start it again.

const silent = { info: () => {}, error: () => {} }
let dataDir: string
let database: Database
let app: FastifyInstance
const lifecycle = createLifecycle()

/** Starts (or starts again) the test's PostgreSQL; its socket, and so its URL, stay the same. */
const startPostgres = () => ensureCluster(dataDir, { log: silent, throwaway: true })

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lk-health-'))
  const cluster = await startPostgres()
  const admin = new pg.Client({ connectionString: cluster.url('postgres') })
  await admin.connect()
  await admin.query('CREATE DATABASE health')
  await admin.end()
  // As an external database (DATABASE_URL): the app does not start it again by itself. Its
  // superuser is allowed: this file is about health, not rights.
  database = await openDatabase({
    databaseUrl: cluster.url('health'),
    allowSuperuser: true,
    dataDir,
    log: silent,
  })
  await database.migrate()
  app = await buildApp({
    config: testConfig({ dataDir }),
    database,
    mailer: createCapturingMailer(),
    storage: createLocalStorage(path.join(dataDir, 'files')),
    logger: false,
    lifecycle,
  })
  await app.ready()
}, 120_000)
afterAll(async () => {
  await app?.close()
  await database?.close()
  await stopCluster(clusterDir(dataDir))
  rmSync(dataDir, { recursive: true, force: true })
})

const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}` })

/**
 * A node that is closing, asked for readiness by a probe whose request began before the close:
 * the raw answer (status line, headers and body) as the balancer reads it.
 */
async function probeWhileClosing(): Promise<string> {
  const lifecycle = createLifecycle()
  const node = await buildApp({
    config: testConfig({ dataDir }),
    database,
    mailer: createCapturingMailer(),
    storage: createLocalStorage(path.join(dataDir, 'files')),
    logger: false,
    lifecycle,
  })
  const address = new URL(await node.listen({ host: '127.0.0.1', port: 0 }))
  const socket = net.connect(Number(address.port), '127.0.0.1')
  await once(socket, 'connect')
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')))
  // The request has begun (its connection is not idle, so the close waits for it)…
  socket.write('GET /api/v1/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n')
  await new Promise((resolve) => setTimeout(resolve, 200))
  // …when the node drains and closes, as on SIGTERM (server.ts).
  lifecycle.drain()
  const closing = node.close()
  socket.write('\r\n')
  await once(socket, 'close')
  await closing
  return answer
}

describe('health for load balancers', () => {
  it('answers live and ready (and the old /health) while all is well', async () => {
    expect((await get('/health')).json()).toEqual({ data: { ok: true } })
    expect((await get('/health/live')).json()).toEqual({ data: { ok: true } })
    const ready = await get('/health/ready')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({
      data: { ready: true, checks: { database: 'ok', migrations: 'ok', storage: 'ok', draining: false } },
    })
  })

  it('is not ready while the database is stopped, and ready again once it is back', async () => {
    await stopCluster(clusterDir(dataDir))
    const down = await get('/health/ready')
    expect(down.statusCode).toBe(503)
    expect(down.json().data).toMatchObject({
      ready: false,
      checks: { database: 'failed', migrations: 'failed' },
    })
    // The process itself still answers: a balancer must not restart it for the database.
    expect((await get('/health/live')).statusCode).toBe(200)

    await startPostgres()
    await expect
      .poll(async () => (await get('/health/ready')).statusCode, { timeout: 10_000, interval: 100 })
      .toBe(200)
  }, 60_000)

  it('is not ready when migrations are missing', async () => {
    await database.pool.query(
      'UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)',
    )
    try {
      const answer = await get('/health/ready')
      expect(answer.statusCode).toBe(503)
      expect(answer.json().data.checks).toEqual({
        database: 'ok',
        migrations: 'failed',
        storage: 'ok',
        draining: false,
      })
    } finally {
      await database.pool.query(
        'UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)',
      )
    }
    expect((await get('/health/ready')).statusCode).toBe(200)
  })

  it('is not ready when the file store cannot be reached', async () => {
    const nowhere = createS3Storage({
      bucket: 'none',
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      accessKeyId: 'x',
      secretAccessKey: 'y',
      forcePathStyle: true,
    })
    const unreachable = await buildApp({
      config: testConfig({ dataDir }),
      database,
      mailer: createCapturingMailer(),
      storage: nowhere,
      logger: false,
    })
    try {
      const answer = await unreachable.inject({ method: 'GET', url: '/api/v1/health/ready' })
      expect(answer.statusCode).toBe(503)
      expect(answer.json().data.checks).toMatchObject({ database: 'ok', storage: 'failed' })
    } finally {
      await unreachable.close()
    }
  })

  it('answers a probe that reaches a closing node with its checks, as docs/deploy.md shows', async () => {
    const answer = await probeWhileClosing()
    expect(answer).toMatch(/^HTTP\/1\.1 503 /)
    expect(answer.toLowerCase()).toContain('connection: close')
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))
    expect(body).toEqual({
      data: { ready: false, checks: { database: 'ok', migrations: 'ok', storage: 'ok', draining: true } },
    })
  })

  it('is not ready once draining, though still live', async () => {
    lifecycle.drain()
    const answer = await get('/health/ready')
    expect(answer.statusCode).toBe(503)
    expect(answer.json().data).toMatchObject({ ready: false, checks: { database: 'ok', draining: true } })
    expect((await get('/health/live')).statusCode).toBe(200)
  })
})
