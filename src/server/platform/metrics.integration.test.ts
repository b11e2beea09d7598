import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { saveSettings } from '../modules/settings/repository.ts'
import { DEFAULT_SETTINGS } from '../modules/settings/service.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import {
  bookableTeacher,
  bookingBody,
  bookingStudent,
  createLessons,
  parseBooking,
  slotIds,
} from '../test-support/lessons.ts'
import { postJson } from '../test-support/my-lessons.ts'
import { freePort } from './free-port.ts'
import { startMetricsServer } from './metrics.ts'

// Prometheus metrics, never public by default — behind METRICS_TOKEN on the app's port, or on a
// port of their own — with the series of decisions.md "Several machines behind a load balancer",
// scraped as Prometheus would.

const TOKEN = 'metrics-token-0123456789'
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ config: { metrics: { port: undefined, host: '127.0.0.1', token: TOKEN } } })
})
afterAll(() => t.close())
beforeEach(async () => {
  t.clock.set('2026-03-10T09:00:00Z')
  await saveSettings(t.database.db, DEFAULT_SETTINGS, t.clock.now())
})

const scrape = async (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })

/** The value of one series (`name{labels}` as Prometheus prints it), or undefined. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    )
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3])
  }
  return undefined
}

describe('metrics', () => {
  it('are not there without the token (404, as for any unknown address)', async () => {
    expect((await scrape()).statusCode).toBe(404)
    expect((await scrape('Bearer not-the-token-at-all')).statusCode).toBe(404)
    const plain = await buildTestApp()
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(response.statusCode).toBe(404)
    } finally {
      await plain.close()
    }
  })

  it('count requests per route pattern and status, bookings and cancellations, and show the rest', async () => {
    const { teacher } = await bookableTeacher(t)
    const student = await bookingStudent(t)
    const [slot] = await slotIds(t, student.token, teacher.id, [['2026-03-12', '08:00']])
    const booked = await createLessons(t, student.token, bookingBody(teacher.id, [slot ?? '']))
    expect(booked.statusCode).toBe(201)
    const lessonId = parseBooking(booked.json()).lessons[0]?.id ?? ''
    const cancelled = await postJson(t, student.token, '/lessons/cancel', {
      lesson_id: lessonId,
      cancellation_reason: 'ill',
    })
    expect(cancelled.statusCode).toBe(200)
    await t.app.inject({ method: 'GET', url: '/api/v1/files/some-key?expires=1&sig=x' })
    // A search loads the board (its size and load time are shown).
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/v1/teachers/search?language_id=1',
      headers: { authorization: `Bearer ${student.token}` },
    })
    expect(search.statusCode).toBe(200)

    const response = await scrape(`Bearer ${TOKEN}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = response.body
    const count = (route: string, status: string, method = 'GET') =>
      series(text, 'lektorium_http_request_duration_seconds_count', { method, route, status })
    expect(count('/api/v1/lessons/create', '201', 'POST')).toBe(1)
    expect(count('/api/v1/lessons/cancel', '200', 'POST')).toBe(1)
    // The pattern, never the raw URL: the file's key is not a label value.
    expect(count('/api/v1/files/:key', '403')).toBe(1)
    expect(text).not.toContain('some-key')
    expect(
      series(text, 'lektorium_http_request_duration_seconds_bucket', {
        route: '/api/v1/lessons/create',
        le: '+Inf',
      }),
    ).toBe(1)
    expect(series(text, 'lektorium_bookings_total')).toBe(1)
    expect(series(text, 'lektorium_cancellations_total')).toBe(1)
    expect(series(text, 'lektorium_room_sockets')).toBe(0)
    expect(series(text, 'lektorium_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0)
    expect(series(text, 'lektorium_db_pool_connections', { state: 'waiting' })).toBe(0)
    expect(series(text, 'lektorium_mail_failures_total')).toBe(0)
    expect(series(text, 'lektorium_jobs_failed', { queue: 'lesson-booked' })).toBe(0)
    expect(series(text, 'lektorium_board_teachers')).toBeGreaterThanOrEqual(1)
    expect(series(text, 'lektorium_board_full_loads')).toBeGreaterThanOrEqual(1)
    expect(series(text, 'lektorium_board_load_seconds')).toBeGreaterThan(0)
    expect(series(text, 'lektorium_process_resident_memory_bytes')).toBeGreaterThan(0)
  })

  it('count e-mails that could not be sent', async () => {
    const failing = t.app.deps.metrics.countMailFailures({
      send: async () => {
        throw new Error('mail server down')
      },
    })
    const before = series(await (await scrape(`Bearer ${TOKEN}`)).body, 'lektorium_mail_failures_total') ?? -1
    await expect(failing.send({ to: 'a@b.pl', subject: 's', text: 't' } as never)).rejects.toThrow(
      'mail server down',
    )
    expect(series((await scrape(`Bearer ${TOKEN}`)).body, 'lektorium_mail_failures_total')).toBe(before + 1)
  })

  it('are served on a port of their own, with the token when one is set', async () => {
    const port = await freePort()
    const server = await startMetricsServer(t.app.deps.metrics, { port, host: '127.0.0.1', token: TOKEN })
    if (!server) throw new Error('no metrics server')
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(401)
      const answer = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
      expect(answer.status).toBe(200)
      expect(await answer.text()).toContain('lektorium_http_request_duration_seconds_count')
    } finally {
      await server.close()
    }
    expect(
      await startMetricsServer(t.app.deps.metrics, { port: undefined, host: '127.0.0.1', token: TOKEN }),
    ).toBeNull()
  })
})
