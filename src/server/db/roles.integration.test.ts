import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { startJobs } from '../platform/jobs.ts'
import { createUser } from '../test-support/fixtures.ts'
import { createTestClock } from '../test-support/test-clock.ts'
import { openTestDatabase } from '../test-support/test-database.ts'
import { type Database, EMBEDDED_DATABASE, openDatabase } from './client.ts'
import { clusterDir, ensureCluster, stopCluster } from './embedded/cluster.ts'
import { SUPERUSER } from './embedded/cluster-files.ts'
import { APP_ROLE, OWNER_ROLE } from './roles.ts'

// The app does not run as the database's superuser (docs/decisions.md "The app's database roles"):
// on the embedded default its pool is a role that may use rows but not change the schema, nor
// change or delete the audit log, nor switch its triggers off; a data directory of the superuser
// era passes to the two roles on its first start with every row; an external superuser is refused
// unless allowed.

const silent = { info: () => {}, error: () => {} }
const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) {
    await stopCluster(clusterDir(dir))
    rmSync(dir, { recursive: true, force: true })
  }
})
const newDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lk-roles-'))
  dirs.push(dir)
  return dir
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end()
  }
}

const addAuditEntry = (pool: pg.Pool, action: string) =>
  pool.query("INSERT INTO audit_log (actor_kind, action, target_type) VALUES ('cli', $1, 'test')", [action])

/** Row counts of every table of the app and of the job queue. */
async function counts(url: string): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(
    url,
    "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname IN ('public', 'pgboss', 'drizzle') ORDER BY 1",
  )
  const found: Record<string, number> = {}
  for (const { name } of tables) {
    found[name] = (await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM ${name}`))[0]?.n ?? -1
  }
  return found
}

/** What the superuser still owns in the app's database, beside the extensions' objects. */
const LEFT_TO_SUPERUSER = `
  SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relowner = (SELECT oid FROM pg_roles WHERE rolname = '${SUPERUSER}')
     AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
     AND c.oid NOT IN (SELECT objid FROM pg_depend WHERE deptype = 'e')
  UNION ALL
  SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
   WHERE p.proowner = (SELECT oid FROM pg_roles WHERE rolname = '${SUPERUSER}')
     AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
     AND p.oid NOT IN (SELECT objid FROM pg_depend WHERE deptype = 'e')
  UNION ALL
  SELECT nspname FROM pg_namespace WHERE nspowner = (SELECT oid FROM pg_roles WHERE rolname = '${SUPERUSER}')
     AND nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
  UNION ALL
  SELECT datname FROM pg_database WHERE datname = current_database() AND datdba <> (SELECT oid FROM pg_roles WHERE rolname = '${OWNER_ROLE}')`

/** Everything the pool's role may not do: each fails for want of the right (42501), not by luck. */
async function expectNoPowerOver(database: Database): Promise<void> {
  const refused = [
    'SET session_replication_role = replica',
    'ALTER TABLE audit_log DISABLE TRIGGER ALL',
    'ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_or_delete',
    'DROP TABLE audit_log',
    'DROP TABLE lessons',
    'TRUNCATE audit_log',
    "UPDATE audit_log SET action = 'rewritten'",
    'DELETE FROM audit_log',
    'CREATE TABLE smuggled (id int)',
    'DROP SCHEMA pgboss CASCADE',
    'DELETE FROM drizzle.__drizzle_migrations',
    'ALTER ROLE CURRENT_USER SUPERUSER',
  ]
  for (const sql of refused) {
    // The audit log's trigger answers 42501 too: the refusal must come before it, from the rights.
    await expect(database.pool.query(sql), sql).rejects.toMatchObject({
      code: '42501',
      message: expect.not.stringContaining('append-only'),
    })
  }
  const rights = await database.pool.query(
    `SELECT ${['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'].map((right) => `has_table_privilege('audit_log', '${right}') AS "${right}"`).join(', ')}`,
  )
  expect(rights.rows).toEqual([{ SELECT: true, INSERT: true, UPDATE: false, DELETE: false, TRUNCATE: false }])
}

describe("the app's database roles", () => {
  it('run the embedded pool as a role that is no superuser and has no power over the schema or the audit log', async () => {
    const database = await openDatabase({ dataDir: newDataDir(), throwaway: true, log: silent })
    try {
      await database.migrate()
      const [me] = (
        await database.pool.query(
          'SELECT current_user AS name, rolsuper FROM pg_roles WHERE rolname = current_user',
        )
      ).rows
      expect(me).toEqual({ name: APP_ROLE, rolsuper: false })
      const [owner] = await query(
        database.ownerUrl,
        'SELECT current_user AS name, rolsuper FROM pg_roles WHERE rolname = current_user',
      )
      expect(owner).toEqual({ name: OWNER_ROLE, rolsuper: false })
      const notOwned = await query(
        database.ownerUrl,
        `SELECT schemaname, tablename FROM pg_tables WHERE schemaname IN ('public', 'pgboss', 'drizzle') AND tableowner <> '${OWNER_ROLE}'`,
      )
      expect(notOwned).toEqual([])

      await addAuditEntry(database.pool, 'kept')
      await expectNoPowerOver(database)
      const entries = await database.pool.query(
        "SELECT action FROM audit_log WHERE action IN ('kept', 'rewritten')",
      )
      expect(entries.rows).toEqual([{ action: 'kept' }])

      // The job queue works on the pool's role, on the tables the migrations installed.
      const jobs = await startJobs(database.pool, silent, { maintenance: false, clock: createTestClock() })
      try {
        await jobs.insert('mail', [{ id: randomUUID(), data: { kind: 'password-reset', ref: 'none' } }])
        const mail = await database.pool.query(
          "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail'",
        )
        expect(mail.rows).toEqual([{ n: 1 }])
      } finally {
        await jobs.stop()
      }
    } finally {
      await database.close()
    }
  }, 120_000)

  it('moves a data directory of the superuser era to the two roles on its first start, with every row', async () => {
    const dataDir = newDataDir()
    // The superuser era: the app's database made, migrated and written by the superuser.
    const cluster = await ensureCluster(dataDir, { log: silent, throwaway: true })
    await query(cluster.url('postgres'), `CREATE DATABASE ${EMBEDDED_DATABASE}`)
    const superuserUrl = cluster.url(EMBEDDED_DATABASE)
    const old = await openDatabase({ databaseUrl: superuserUrl, allowSuperuser: true, dataDir, log: silent })
    try {
      await old.migrate()
      await createUser(old.db)
      await addAuditEntry(old.pool, 'written by the superuser')
      const jobs = await startJobs(old.pool, silent, { maintenance: false, clock: createTestClock() })
      await jobs.insert('mail', [{ id: randomUUID(), data: { kind: 'password-reset', ref: 'era' } }])
      await jobs.stop()
    } finally {
      await old.close()
    }
    const before = await counts(superuserUrl)
    expect(before['public.users']).toBe(1)
    expect(before['public.audit_log']).toBe(1)
    expect(await query(superuserUrl, LEFT_TO_SUPERUSER)).not.toEqual([])

    const database = await openDatabase({ dataDir, throwaway: true, log: silent })
    try {
      await database.migrate()
      expect(await counts(superuserUrl)).toEqual(before)
      expect(await query(superuserUrl, LEFT_TO_SUPERUSER)).toEqual([])
      await addAuditEntry(database.pool, 'written by the app')
      await expectNoPowerOver(database)
      const entries = await database.pool.query('SELECT action FROM audit_log ORDER BY id')
      expect(entries.rows.map((row) => row.action)).toEqual([
        'written by the superuser',
        'written by the app',
      ])
    } finally {
      await database.close()
    }
  }, 120_000)

  it("holds on the test run's PostgreSQL too (CI's 15): its pool's role has the app's rights, no more", async () => {
    const opened = await openTestDatabase()
    try {
      const [me] = (
        await opened.database.pool.query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')
      ).rows
      expect(me).toEqual({ rolsuper: false })
      await addAuditEntry(opened.database.pool, 'kept')
      await expectNoPowerOver(opened.database)
    } finally {
      await opened.drop()
    }
  })

  it('refuses an external pool that runs as a superuser, unless allowed, and then says so', async () => {
    const adminUrl = inject('testDatabaseUrl')
    await expect(
      openDatabase({ databaseUrl: adminUrl, dataDir: '.tmp/unused', log: silent }),
    ).rejects.toThrow(/is a superuser.*DATABASE_ALLOW_SUPERUSER=true/)
    const warnings: string[] = []
    const allowed = await openDatabase({
      databaseUrl: adminUrl,
      allowSuperuser: true,
      dataDir: '.tmp/unused',
      log: { ...silent, warn: (_obj, msg) => warnings.push(msg) },
    })
    await allowed.close()
    expect(warnings).toEqual(["the app's pool runs as a superuser (DATABASE_ALLOW_SUPERUSER)"])
  })
})
