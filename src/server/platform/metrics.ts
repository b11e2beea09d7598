import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import Fastify from 'fastify'
import type pg from 'pg'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { MetricsConfig } from '../config.ts'
import { replyNotFound } from './errors.ts'
import type { Mailer } from './mail.ts'

// Prometheus metrics of one process, never public by default — on a listener of their
// own (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 unless told) and/or at GET /metrics of the
// app's port behind `Authorization: Bearer <METRICS_TOKEN>`; neither without configuration.
//
// Cheap on the hot paths (the booking path above all): a request costs one histogram observation
// in onResponse, keyed by the route's pattern (never the raw URL: bounded label values), and a
// Map lookup for the routes counted as bookings/cancellations. Everything else — pool use, room
// sockets, the board, failed jobs — is read when Prometheus scrapes, not when requests run.

/** Successful requests of these routes count as bookings and cancellations. */
const BUSINESS_ROUTES = new Map([
  ['POST /api/v1/lessons/create', 'bookings'],
  ['POST /api/v1/lessons/cancel', 'cancellations'],
] as const)

export type MetricsSources = {
  pool: pg.Pool
  /** Open lesson-room sockets of this process. */
  roomSockets(): number
  /** The teacher board's size and its last full load (modules/board/teacher-board.ts). */
  board(): { teachers: number; students: number; fullLoads: number; lastLoadSeconds: number | null }
  /** Jobs that used up every retry, per queue (a query, made only when scraped). */
  failedJobs(): Promise<{ queue: string; failed: number }[]>
}

export type Metrics = {
  registry: Registry
  /** Counts failed sends of the mailer it wraps (every e-mail of this process goes through it). */
  countMailFailures(mailer: Mailer): Mailer
  /** Observes every request of `app` (call before routes are added). */
  observe(app: FastifyInstance): void
  /** Where the values the scrape reads come from (set once the app's parts exist). */
  setSources(sources: MetricsSources): void
}

export function createMetrics(): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'lektorium_' })
  let sources: MetricsSources | undefined

  const requestDuration = new Histogram({
    name: 'lektorium_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: latency; its _count gives the rate',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const bookings = new Counter({
    name: 'lektorium_bookings_total',
    help: 'Successful booking requests (POST /lessons/create)',
    registers: [registry],
  })
  const cancellations = new Counter({
    name: 'lektorium_cancellations_total',
    help: 'Successful cancellations (POST /lessons/cancel)',
    registers: [registry],
  })
  const mailFailures = new Counter({
    name: 'lektorium_mail_failures_total',
    help: 'E-mails the mail server refused or that could not be handed to it',
    registers: [registry],
  })
  new Gauge({
    name: 'lektorium_room_sockets',
    help: 'Open lesson-room sockets of this process',
    registers: [registry],
    collect() {
      this.set(sources?.roomSockets() ?? 0)
    },
  })
  new Gauge({
    name: 'lektorium_db_pool_connections',
    help: 'Database pool connections by state (in use, idle) and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources?.pool
      if (!pool) return
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount)
      this.set({ state: 'idle' }, pool.idleCount)
      this.set({ state: 'waiting' }, pool.waitingCount)
    },
  })
  new Gauge({
    name: 'lektorium_jobs_failed',
    help: 'Jobs that used up every retry, per queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      if (!sources) return
      const counts = await sources.failedJobs().catch(() => [])
      for (const { queue, failed } of counts) this.set({ queue }, failed)
    },
  })
  const boardGauge = (
    name: string,
    help: string,
    read: (b: ReturnType<MetricsSources['board']>) => number | null,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const value = sources ? read(sources.board()) : null
        if (value !== null) this.set(value)
      },
    })
  boardGauge('lektorium_board_teachers', "Teachers in this process's board", (b) => b.teachers)
  boardGauge(
    'lektorium_board_students',
    "Students' lesson entries in this process's board",
    (b) => b.students,
  )
  boardGauge(
    'lektorium_board_full_loads',
    'Full loads of the board since the process started',
    (b) => b.fullLoads,
  )
  boardGauge(
    'lektorium_board_load_seconds',
    'How long the last full load of the board took',
    (b) => b.lastLoadSeconds,
  )

  return {
    registry,
    countMailFailures: (mailer) => ({
      send: (message) =>
        mailer.send(message).catch((error: unknown) => {
          mailFailures.inc()
          throw error
        }),
    }),
    observe(app) {
      app.addHook('onResponse', (request, reply, done) => {
        const route = request.routeOptions.url ?? 'unmatched'
        const status = reply.statusCode
        requestDuration.observe(
          { method: request.method, route, status: String(status) },
          reply.elapsedTime / 1000,
        )
        if (status < 300) {
          const counted = BUSINESS_ROUTES.get(`${request.method} ${route}` as never)
          if (counted === 'bookings') bookings.inc()
          else if (counted === 'cancellations') cancellations.inc()
        }
        done()
      })
    },
    setSources(next) {
      sources = next
    },
  }
}

const tokenMatches = (given: string | undefined, token: string) => {
  const expected = Buffer.from(`Bearer ${token}`)
  const actual = Buffer.from(given ?? '')
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

async function answerScrape(metrics: Metrics, reply: FastifyReply) {
  const body = await metrics.registry.metrics()
  return reply
    .header('content-type', metrics.registry.contentType)
    .header('cache-control', 'no-store')
    .send(body)
}

/**
 * GET /metrics on the app's own port, for a caller with METRICS_TOKEN; 404 to anyone else, and to
 * everyone without the token configured (a route even then, or the web app's page would answer).
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): void {
  app.get('/metrics', async (request: FastifyRequest, reply) => {
    // Not found rather than forbidden: the address gives nothing away to a stranger.
    if (!token || !tokenMatches(request.headers.authorization, token)) return replyNotFound(request, reply)
    return answerScrape(metrics, reply)
  })
}

/** A listener of its own for the metrics (METRICS_PORT): GET /metrics, with the token if set. */
export async function startMetricsServer(
  metrics: Metrics,
  config: MetricsConfig,
): Promise<{ url: string; close(): Promise<void> } | null> {
  if (config.port === undefined) return null
  const server = Fastify({ logger: false })
  const token = config.token
  server.get('/metrics', async (request, reply) => {
    if (token && !tokenMatches(request.headers.authorization, token)) return reply.status(401).send()
    return answerScrape(metrics, reply)
  })
  const url = await server.listen({ host: config.host, port: config.port })
  return { url, close: () => server.close() }
}
