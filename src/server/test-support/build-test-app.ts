import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { type Config, loadConfig } from '../config.ts'
import type { AppContext } from '../context.ts'
import type { Database } from '../db/client.ts'
import type { Resolve } from '../modules/notifications/push-endpoint.ts'
import type { Log } from '../platform/logger.ts'
import type { Mailer } from '../platform/mail.ts'
import type { RateLimits } from '../platform/rate-limit.ts'
import { createLocalStorage, type FileStorage } from '../platform/storage.ts'
import { seedDictionaries } from '../seed/seed.ts'
import { type CapturingMailer, createCapturingMailer } from './capturing-mailer.ts'
import { createTestClock, type TestClock } from './test-clock.ts'
import { openTestDatabase } from './test-database.ts'

export const TEST_PUBLIC_URL = 'http://lektorium.test'
export const TEST_FILES_SECRET = 'test-files-secret-0123456789abcdef'

const silentLog: Log = { info: () => {}, error: () => {} }

const generous = { limit: 10_000, windowMs: 60_000 }
/** Tests that are not about rate limits should never meet one. */
const NO_LIMITS: RateLimits = {
  signInPerAccountAtIp: generous,
  signInPerIp: generous,
  signInPerAccountAtBusyIp: generous,
  signInSlowdownPerAccount: { afterFailures: 10_000, windowMs: 60_000, firstDelayMs: 0, maxDelayMs: 0 },
  currentPasswordPerUser: generous,
  resetPasswordPerAccount: generous,
  resetPasswordPerIp: generous,
  validateEmailPerIp: generous,
  teacherSignUpPerIp: generous,
  chatPerUser: generous,
  smsTestPerUser: generous,
  teacherStudentLookupsPerTeacher: generous,
  secondFactorPerSession: generous,
  secondFactorPerIp: generous,
  secondFactorSlowdownPerUser: { afterFailures: 10_000, windowMs: 60_000, firstDelayMs: 0, maxDelayMs: 0 },
}

export type TestApp = {
  app: FastifyInstance
  database: Database
  /** The app's context, for calling services (e.g. ops commands) directly. */
  ctx: AppContext
  config: Config
  clock: TestClock
  mailer: CapturingMailer
  storage: FileStorage
  /** The test's own storage directory (removed by `close`). */
  filesDir: string
  /** The connection URL of this file's own database (test-database.ts), as the app's role. */
  databaseUrl: string
  /** The same database as its owner (test-roles.ts), for what the app's role may not do. */
  ownerUrl: string
  /** The environment of a server or an operator command on this database (both roles). */
  databaseEnv: { DATABASE_URL: string; DATABASE_OWNER_URL: string }
  close(): Promise<void>
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data' }),
    webDir: undefined,
    filesSecret: TEST_FILES_SECRET,
    // Tests change rows straight in the database and expect the next request to see it; the
    // cache has its own tests (platform/session-cache*.test.ts).
    sessionCacheMs: 0,
    boardCacheMs: 0,
    // Jobs are added, never run, unless a test asks (notifications' own tests do).
    jobsWorker: false,
    ...overrides,
  }
}

const noNames: Resolve = async (hostname) => {
  throw new Error(`no name resolves in tests: ${hostname}`)
}

/**
 * Web push to the local stand-in of a push service (tests/fakes/push-service.ts): plain http on
 * 127.0.0.1, which only this configuration admits.
 */
export const STAND_IN_PUSH: Config['push'] = {
  vapidSubject: 'mailto:a@b.pl',
  httpEndpoints: true,
  hosts: ['127.0.0.1'],
  privateAddresses: true,
}

/** The app on a fresh, migrated database with the dictionaries seeded; logger off (fastify/demo `build(t)`). */
export async function buildTestApp(
  options: {
    rateLimits?: Partial<RateLimits>
    config?: Partial<Config>
    mailer?: Mailer
    /** A logger to read what the app logs; default: none. */
    logger?: FastifyBaseLogger
    /** Routes a test adds under /api/v1 (a writer that exists only in that test). */
    routes?: (api: FastifyInstance) => Promise<void>
    /** Push endpoints' name resolution; default: no name resolves (tests ask no DNS server). */
    resolve?: Resolve
  } = {},
): Promise<TestApp> {
  const { database, url, ownerUrl, drop } = await openTestDatabase()
  await seedDictionaries(database.db)
  const config = testConfig(options.config)
  const clock = createTestClock()
  const mailer = createCapturingMailer()
  const filesDir = await mkdtemp(path.join(tmpdir(), 'lk-files-'))
  const storage = createLocalStorage(filesDir)
  const app = await buildApp({
    config,
    database,
    mailer: options.mailer ?? mailer,
    storage,
    clock,
    logger: options.logger ?? false,
    rateLimits: { ...NO_LIMITS, ...options.rateLimits },
    resolve: options.resolve ?? noNames,
  })
  if (options.routes) await app.register(options.routes, { prefix: '/api/v1' })
  await app.ready()
  return {
    app,
    database,
    ctx: { ...app.deps, log: silentLog },
    config,
    clock,
    mailer,
    storage,
    filesDir,
    databaseUrl: url,
    ownerUrl,
    databaseEnv: { DATABASE_URL: url, DATABASE_OWNER_URL: ownerUrl },
    close: async () => {
      await app.close()
      await drop()
      await rm(filesDir, { recursive: true, force: true })
    },
  }
}
