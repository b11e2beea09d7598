import { randomBytes } from 'node:crypto'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { schema } from './all-tables.ts'
import { type ChangeAnnouncer, createChangeAnnouncer } from './change-announcer.ts'
import { type ChangeFeed, type FeedLog, openChangeFeed } from './change-feed.ts'
import type { EmbeddedCluster } from './embedded/cluster.ts'
import { joinCluster, leaveCluster } from './embedded/shared-cluster.ts'
import { migrationsFolder } from './migrations-folder.ts'
import { applySqlFunctions } from './sql-functions.ts'

// One engine everywhere (docs/decisions.md "One database engine"): DATABASE_URL's PostgreSQL, or
// the embedded PostgreSQL of DATA_DIR (db/embedded), started on first use and stopped by the last
// process that leaves it.

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database = {
  db: Db
  /** The application_name of this database's connections: changes carry it (db/change-feed.ts). */
  origin: string
  /** Changes other processes commit. */
  changes: ChangeFeed
  /** Changes this process committed with `lektorium.notify_after_commit` set, for the others. */
  announcer: ChangeAnnouncer
  /** The pool itself, for the hot paths' named prepared statements. */
  pool: pg.Pool
  /** A connection URL of this database, for a connection of its own (tests, the PGlite import). */
  url: string
  /**
   * Applies the migrations and the SQL functions (db/functions), then runs `afterwards` (an
   * import, the seed), one process at a time: two servers starting together must not both seed an
   * empty database.
   */
  migrate(afterwards?: () => Promise<void>): Promise<void>
  close(): Promise<void>
}

export type OpenOptions = {
  /** An external PostgreSQL; without it, the embedded one in `dataDir`. */
  databaseUrl?: string | undefined
  dataDir: string
  log: FeedLog
  /** A throw-away embedded cluster (tests): no fsync. */
  throwaway?: boolean
  origin?: string
}

/** pg_advisory_lock key: one process sets the database up at a time (servers may start together). */
const MIGRATION_LOCK = 7_150_312
export const EMBEDDED_DATABASE = 'lektorium'

/** A name per process (and per database a test opens): `lektorium:<pid>:<random>`. */
export const newOrigin = () => `lektorium:${process.pid}:${randomBytes(4).toString('hex')}`

async function connectClient(url: string, origin: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: origin })
  await client.connect()
  return client
}

/** Creates the embedded cluster's application database on first use. */
async function ensureDatabase(cluster: EmbeddedCluster, name: string, origin: string): Promise<void> {
  const client = await connectClient(cluster.url('postgres'), origin)
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`).catch((error: unknown) => {
        // 42P04: another process created it a moment ago.
        if (!(error instanceof Error && 'code' in error && error.code === '42P04')) throw error
      })
    }
  } finally {
    await client.end()
  }
}

async function migrateWithLock(url: string, origin: string, afterwards?: () => Promise<void>): Promise<void> {
  const client = await connectClient(url, origin)
  try {
    // Held by this connection until it ends: the work in between may use other connections.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await client.query('CREATE EXTENSION IF NOT EXISTS btree_gist')
    await migrateNodePg(drizzle(client, { schema }), { migrationsFolder })
    // The SQL functions' live definitions, on the tables the migrations made (db/functions).
    await applySqlFunctions(client)
    await afterwards?.()
  } finally {
    await client.end()
  }
}

type Opened = { url: string; changes: ChangeFeed; leave(): Promise<unknown> }

async function openEmbedded(options: OpenOptions, origin: string): Promise<Opened> {
  const { dataDir, log } = options
  const clusterOptions = { log, throwaway: options.throwaway === true }
  let url = ''
  // The feed's connection is this process's presence on the cluster: opened before the start
  // lock is let go. A reconnect joins again: should the cluster have stopped (killed, or left by
  // everyone), it is started again rather than leaving this process without a database.
  let joined = false
  const connect = () =>
    joined
      ? joinCluster(dataDir, clusterOptions, () => connectClient(url, origin))
      : connectClient(url, origin)
  return joinCluster(dataDir, clusterOptions, async (cluster) => {
    await ensureDatabase(cluster, EMBEDDED_DATABASE, origin)
    url = cluster.url(EMBEDDED_DATABASE)
    const changes = await openChangeFeed(connect, origin, log)
    joined = true
    return { url, changes, leave: () => leaveCluster(dataDir, cluster, origin) }
  })
}

async function openExternal(url: string, log: FeedLog, origin: string): Promise<Opened> {
  const changes = await openChangeFeed(() => connectClient(url, origin), origin, log)
  return { url, changes, leave: async () => undefined }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const origin = options.origin ?? newOrigin()
  const { url, changes, leave } = options.databaseUrl
    ? await openExternal(options.databaseUrl, options.log, origin)
    : await openEmbedded(options, origin)
  const pool = new pg.Pool({ connectionString: url, max: 20, application_name: origin })
  // An idle client that loses its server (a restart) must not crash the process.
  pool.on('error', (err) => options.log.error({ err }, 'an idle database connection failed'))
  let closing: Promise<void> | undefined
  const announcer = createChangeAnnouncer(pool, origin, options.log)
  return {
    db: drizzle(pool, { schema }),
    origin,
    changes,
    announcer,
    pool,
    url,
    migrate: (afterwards) => migrateWithLock(url, origin, afterwards),
    close: () =>
      (closing ??= (async () => {
        await announcer.flush()
        await changes.close()
        await pool.end()
        await leave()
      })()),
  }
}
