import { randomBytes } from 'node:crypto'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Config } from '../config.ts'
import { schema } from './all-tables.ts'
import { type ChangeAnnouncer, createChangeAnnouncer } from './change-announcer.ts'
import { type ChangeFeed, type FeedLog, openChangeFeed } from './change-feed.ts'
import type { EmbeddedCluster } from './embedded/cluster.ts'
import { joinCluster, leaveCluster } from './embedded/shared-cluster.ts'
import { installJobsSchema } from './jobs-schema.ts'
import { migrationsFolder } from './migrations-folder.ts'
import { APP_ROLE, ensureRoles, grantAppRights, handOverTo, OWNER_ROLE, roleOf } from './roles.ts'
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
  /** A connection URL of this database as the pool's role, for a connection of its own (tests). */
  url: string
  /** The same database as its owner, who migrates it (and the PGlite import, which makes a table). */
  ownerUrl: string
  /**
   * Applies the migrations and the SQL functions (db/functions), then runs `afterwards` (an
   * import, the seed), one process at a time: two servers starting together must not both seed an
   * empty database.
   */
  migrate(afterwards?: () => Promise<void>): Promise<void>
  close(): Promise<void>
}

export type OpenOptions = {
  /** An external PostgreSQL, as the pool's role; without it, the embedded one in `dataDir`. */
  databaseUrl?: string | undefined
  /** The external PostgreSQL as the owner of its tables, who migrates it; default: databaseUrl. */
  ownerUrl?: string | undefined
  /** Lets the pool run as a superuser (with a warning); refused otherwise. */
  allowSuperuser?: boolean | undefined
  dataDir: string
  log: FeedLog & { warn?(obj: object, msg: string): void }
  /** A throw-away embedded cluster (tests): no fsync. */
  throwaway?: boolean
  origin?: string
}

/** openDatabase's options from the configuration, for the server and the operator commands. */
export const databaseOptions = (
  config: Pick<Config, 'databaseUrl' | 'databaseOwnerUrl' | 'databaseAllowSuperuser' | 'dataDir'>,
) => ({
  databaseUrl: config.databaseUrl,
  ownerUrl: config.databaseOwnerUrl,
  allowSuperuser: config.databaseAllowSuperuser,
  dataDir: config.dataDir,
})

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

/**
 * As the embedded cluster's superuser: the two roles, the app's database (owned by the owner role)
 * and, in a database of the superuser era, everything the superuser owned handed to the owner.
 */
async function prepareEmbedded(cluster: EmbeddedCluster, name: string, origin: string, log: FeedLog) {
  const client = await connectClient(cluster.url('postgres'), origin)
  try {
    await ensureRoles(client, cluster.passwordOf)
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) {
      await client
        .query(
          `CREATE DATABASE ${client.escapeIdentifier(name)} OWNER ${client.escapeIdentifier(OWNER_ROLE)}`,
        )
        .catch((error: unknown) => {
          // 42P04: another process created it a moment ago.
          if (!(error instanceof Error && 'code' in error && error.code === '42P04')) throw error
        })
    }
  } finally {
    await client.end()
  }
  const inDatabase = await connectClient(cluster.url(name), origin)
  try {
    // btree_gist's objects belong to the extension, made by the superuser; trusted, so a fresh
    // database's owner could make it too, but a database of the superuser era already has it.
    await inDatabase.query('CREATE EXTENSION IF NOT EXISTS btree_gist')
    const moved = await handOverTo(inDatabase, cluster.superuser)
    if (moved > 0)
      log.info({ moved, owner: OWNER_ROLE }, 'the database passed from the superuser to its owner role')
  } finally {
    await inDatabase.end()
  }
}

async function migrateWithLock(
  ownerUrl: string,
  poolRole: string,
  origin: string,
  log: OpenOptions['log'],
  afterwards?: () => Promise<void>,
): Promise<void> {
  const client = await connectClient(ownerUrl, origin)
  try {
    // Held by this connection until it ends: the work in between may use other connections.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await client.query('CREATE EXTENSION IF NOT EXISTS btree_gist')
    await migrateNodePg(drizzle(client, { schema }), { migrationsFolder })
    await installJobsSchema(client)
    // The SQL functions' live definitions, on the tables the migrations made (db/functions).
    await applySqlFunctions(client)
    const owner = await roleOf(client)
    if (owner.name !== poolRole) await grantAppRights(client, poolRole)
    else if (!owner.superuser) {
      log.warn?.(
        { role: poolRole },
        "the app's pool runs as the role that owns the tables: it could change or delete the audit log; give it a role of its own (docs/deploy.md)",
      )
    }
    await afterwards?.()
  } finally {
    await client.end()
  }
}

type Opened = { url: string; ownerUrl: string; changes: ChangeFeed; leave(): Promise<unknown> }

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
    await prepareEmbedded(cluster, EMBEDDED_DATABASE, origin, log)
    url = cluster.url(EMBEDDED_DATABASE, APP_ROLE)
    const changes = await openChangeFeed(connect, origin, log)
    joined = true
    const ownerUrl = cluster.url(EMBEDDED_DATABASE, OWNER_ROLE)
    return { url, ownerUrl, changes, leave: () => leaveCluster(dataDir, cluster, origin) }
  })
}

async function openExternal(url: string, ownerUrl: string, log: FeedLog, origin: string): Promise<Opened> {
  const changes = await openChangeFeed(() => connectClient(url, origin), origin, log)
  return { url, ownerUrl, changes, leave: async () => undefined }
}

/**
 * The pool's role may not be a superuser, who gets past every right and trigger (the audit log's
 * included), unless the operator says so; then it is said at every start.
 */
async function checkPoolRole(pool: pg.Pool, options: OpenOptions): Promise<string> {
  const role = await roleOf(pool)
  if (role.superuser && !options.allowSuperuser) {
    throw new Error(
      `The app's database role (${role.name}, of DATABASE_URL) is a superuser: it could switch off the audit log's protection. Give the app a role of its own (docs/deploy.md "The database's two roles"), or set DATABASE_ALLOW_SUPERUSER=true to run as a superuser anyway.`,
    )
  }
  if (role.superuser) {
    options.log.warn?.({ role: role.name }, "the app's pool runs as a superuser (DATABASE_ALLOW_SUPERUSER)")
  }
  return role.name
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const origin = options.origin ?? newOrigin()
  const { url, ownerUrl, changes, leave } = options.databaseUrl
    ? await openExternal(options.databaseUrl, options.ownerUrl ?? options.databaseUrl, options.log, origin)
    : await openEmbedded(options, origin)
  const pool = new pg.Pool({ connectionString: url, max: 20, application_name: origin })
  // An idle client that loses its server (a restart) must not crash the process.
  pool.on('error', (err) => options.log.error({ err }, 'an idle database connection failed'))
  let poolRole: string
  try {
    poolRole = await checkPoolRole(pool, options)
  } catch (error) {
    await changes.close()
    await pool.end()
    await leave()
    throw error
  }
  let closing: Promise<void> | undefined
  const announcer = createChangeAnnouncer(pool, origin, options.log)
  return {
    db: drizzle(pool, { schema }),
    origin,
    changes,
    announcer,
    pool,
    url,
    ownerUrl,
    migrate: (afterwards) => migrateWithLock(ownerUrl, poolRole, origin, options.log, afterwards),
    close: () =>
      (closing ??= (async () => {
        await announcer.flush()
        await changes.close()
        await pool.end()
        await leave()
      })()),
  }
}
