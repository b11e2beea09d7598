import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { buildApp } from './app.ts'
import type { Config } from './config.ts'
import type { ServiceContext } from './context.ts'
import { type Database, openDatabase } from './db/client.ts'
import { importPgliteOnStart, pgliteDirOf } from './db/pglite-import.ts'
import { seedOnStart } from './db/seed/seed.ts'
import { announcePublicUrl } from './modules/settings/announced-url.ts'
import { systemClock } from './platform/clock.ts'
import { scheduleFileSweep } from './platform/file-sweep.ts'
import { createLogger } from './platform/logger.ts'
import { createMailer } from './platform/mail.ts'
import { createLocalStorage, filesDir } from './platform/storage.ts'

export type RunningServer = {
  app: FastifyInstance
  /** Where the server listens, e.g. http://127.0.0.1:8080. */
  url: string
  /** Stops the HTTP server (in-flight requests finish), then the database. */
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
 * Opens the database (the embedded PostgreSQL under DATA_DIR, or DATABASE_URL), migrates it,
 * seeds the dictionaries and, into an empty database, the demo accounts; then serves the API and
 * the PWA. Operator commands (cli/ops.ts) connect to the same database themselves.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config.logLevel)
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: logger,
  })
  const cleanups: (() => Promise<void>)[] = [() => database.close()]
  const close = async () => {
    while (cleanups.length > 0) await cleanups.pop()?.()
  }
  try {
    const mailer = createMailer(config, logger)
    const storage = createLocalStorage(filesDir(config.dataDir))
    const ctx: ServiceContext = { config, db: database.db, clock: systemClock, mailer, storage, log: logger }
    await database.migrate(async () => {
      await importEarlierPglite(config, database, logger)
      const { demoAccountsCreated } = await seedOnStart(ctx)
      if (demoAccountsCreated > 0) logger.info({ demoAccountsCreated }, 'demo accounts created')
    })
    // issue #25 item 4: operator commands build e-mailed links from this address.
    await announcePublicUrl(database.db, config.publicUrl, systemClock.now())

    const app = await buildApp({ config, database, mailer, storage, logger })
    cleanups.push(() => app.close())
    const url = await app.listen({ host: config.host, port: config.port })
    cleanups.push(scheduleFileSweep({ db: database.db, storage, log: logger }))
    let closing: Promise<void> | undefined
    return { app, url, close: () => (closing ??= close()) }
  } catch (error) {
    await close()
    throw error
  }
}
