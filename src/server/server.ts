import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { buildApp } from './app.ts'
import type { Config } from './config.ts'
import { type Database, databaseOptions, openDatabase } from './db/client.ts'
import { importPgliteOnStart, pgliteDirOf } from './db/pglite-import.ts'
import { announcePublicUrl } from './modules/settings/public.ts'
import { type Clock, systemClock } from './platform/clock.ts'
import { scheduleFileSweep } from './platform/file-sweep.ts'
import { createLifecycle, type Lifecycle } from './platform/lifecycle.ts'
import { createLogger } from './platform/logger.ts'
import { createMailer } from './platform/mail.ts'
import { createMetrics, startMetricsServer } from './platform/metrics.ts'
import { storageFor } from './platform/storage-s3.ts'
import { seedOnStart } from './seed/seed.ts'

export type RunningServer = {
  app: FastifyInstance
  /** Where the server listens, e.g. http://127.0.0.1:8080. */
  url: string
  /**
   * Drains: readiness answers 503, room sockets close with 1012 (clients reconnect at
   * once, through another node), no new connections are taken, requests in flight finish within
   * DRAIN_SECONDS (then their connections are cut); then the database closes.
   */
  close(): Promise<void>
}

/**
 * The embedded default copies the PGlite database of an earlier version (DATA_DIR/db) into its
 * PostgreSQL before anything else is written; with DATABASE_URL the operator decides.
 */
async function importEarlierPglite(config: Config, database: Database, logger: Logger): Promise<void> {
  if (!config.databaseUrl) return importPgliteOnStart(config.dataDir, database, logger)
  const dir = pgliteDirOf(config.dataDir)
  if (dir) {
    logger.warn(
      { dir },
      'a PGlite database of an earlier version is in DATA_DIR and unused with DATABASE_URL; `npm run ops -- migrate-pglite` copies it into that database',
    )
  }
}

/**
 * Stops the app as a load balancer wants it: draining first (readiness 503, room
 * sockets told to reconnect elsewhere), then Fastify's close — which stops listening, closes idle
 * keep-alive connections and waits for requests in flight — cut short after `drainMs`.
 */
async function drainAndClose(app: FastifyInstance, lifecycle: Lifecycle, drainMs: number, logger: Logger) {
  lifecycle.drain()
  // Connections that fall idle once their request is answered are closed as they do.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100)
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      logger.warn({ drainMs }, 'requests still in flight after the drain time: closing their connections')
      app.server.closeAllConnections()
      resolve()
    }, drainMs)
  })
  const closing = app.close()
  await Promise.race([closing, deadline])
  clearTimeout(timer)
  clearInterval(idle)
  await closing
}

/**
 * Opens the database (the embedded PostgreSQL under DATA_DIR, or DATABASE_URL), migrates it,
 * seeds the dictionaries and, into an empty database, the demo accounts; then serves the API and
 * the PWA. Operator commands (cli/ops.ts) connect to the same database themselves.
 */
export async function startServer(config: Config, options: { clock?: Clock } = {}): Promise<RunningServer> {
  const clock = options.clock ?? systemClock
  const logger = createLogger(config.logLevel)
  const database = await openDatabase({ ...databaseOptions(config), log: logger })
  const cleanups: (() => Promise<void>)[] = [() => database.close()]
  const close = async () => {
    while (cleanups.length > 0) await cleanups.pop()?.()
  }
  try {
    const metrics = createMetrics()
    const lifecycle = createLifecycle()
    const mailer = metrics.countMailFailures(createMailer(config, logger))
    const storage = storageFor(config)
    const ctx = { config, db: database.db, clock, storage, log: logger }
    await database.migrate(async () => {
      await importEarlierPglite(config, database, logger)
      const { demoAccountsCreated } = await seedOnStart(ctx)
      if (demoAccountsCreated > 0) logger.info({ demoAccountsCreated }, 'demo accounts created')
    })
    // Operator commands build e-mailed links from this address.
    await announcePublicUrl(database.db, config.publicUrl, clock.now())

    const app = await buildApp({ config, database, mailer, storage, logger, metrics, lifecycle, clock })
    cleanups.push(() => drainAndClose(app, lifecycle, config.drainMs, logger))
    const url = await app.listen({ host: config.host, port: config.port })
    const metricsServer = await startMetricsServer(metrics, config.metrics)
    if (metricsServer) {
      cleanups.push(() => metricsServer.close())
      logger.info({ url: metricsServer.url }, 'metrics served')
    }
    cleanups.push(scheduleFileSweep({ db: database.db, storage, log: logger }))
    let closing: Promise<void> | undefined
    return { app, url, close: () => (closing ??= close()) }
  } catch (error) {
    await close()
    throw error
  }
}
