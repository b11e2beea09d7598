import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Database } from './client.ts'
import { isAlive } from './embedded/processes.ts'
import { copyTables, type Source } from './pglite-tables.ts'

// The embedded database of earlier versions was PGlite, in DATA_DIR/db (docs/decisions.md "One
// database engine"). Its rows are copied into PostgreSQL once: on the first start of the embedded
// default (server.ts), or by `npm run ops -- migrate-pglite` into any database. The PGlite
// directory itself is never changed: the copy is made from a copy of it, and it is renamed to
// DATA_DIR/pglite-backup afterwards, for the operator to delete once satisfied. A marker table
// written in the same transaction as the rows tells a finished import from a database that
// already held data, should the process stop between the commit and the rename.

export const PGLITE_DIR = 'db'
export const PGLITE_BACKUP = 'pglite-backup'
const MARKER = 'lektorium_pglite_import'

export type ImportLog = { info(obj: object, msg: string): void }
export type ImportReport = { tables: number; rows: number }

export class PgliteImportError extends Error {}

/** DATA_DIR/db when it holds a PGlite database. */
export function pgliteDirOf(dataDir: string): string | null {
  const dir = path.join(dataDir, PGLITE_DIR)
  return existsSync(path.join(dir, 'PG_VERSION')) ? dir : null
}

/** Opens a throw-away copy of the PGlite directory, migrated to this version's schema. */
async function openSource(dir: string): Promise<Source & { close(): Promise<void> }> {
  const [{ PGlite }, { btree_gist }, { drizzle }, { migrate }, { migrationsFolder }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./migrations-folder.ts'),
  ])
  const copy = mkdtempSync(path.join(tmpdir(), 'lk-pglite-'))
  cpSync(dir, copy, { recursive: true })
  try {
    const client = await PGlite.create({ dataDir: copy, extensions: { btree_gist } })
    await client.exec('CREATE EXTENSION IF NOT EXISTS btree_gist')
    await migrate(drizzle(client), { migrationsFolder })
    return {
      query: async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows,
      close: async () => {
        await client.close()
        rmSync(copy, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(copy, { recursive: true, force: true })
    throw error
  }
}

/** The earlier version's server held DATA_DIR/db.lock while it ran: copying under it would tear. */
function assertNotInUse(dir: string): void {
  const lock = path.join(path.dirname(dir), 'db.lock')
  const owner = existsSync(lock) ? Number.parseInt(readFileSync(lock, 'utf8'), 10) : Number.NaN
  if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
    throw new PgliteImportError(
      `The PGlite database in ${dir} is in use by process ${owner} (a server of an earlier version): stop it first.`,
    )
  }
}

async function isImported(client: pg.Client): Promise<boolean> {
  const found = await client.query('SELECT to_regclass($1) IS NOT NULL AS found', [MARKER])
  return found.rows[0]?.found === true
}

async function holdsUsers(client: pg.Client): Promise<boolean> {
  return ((await client.query('SELECT 1 FROM users LIMIT 1')).rowCount ?? 0) > 0
}

/**
 * Copies every row of the PGlite database in `dir` into `target` (migrated, without users), in
 * one transaction. Returns null when `target` holds that import already.
 */
export async function importPglite(dir: string, target: Database): Promise<ImportReport | null> {
  // As the owner: the import makes its marker table.
  const client = new pg.Client({ connectionString: target.ownerUrl, application_name: target.origin })
  await client.connect()
  try {
    if (await isImported(client)) return null
    assertNotInUse(dir)
    if (await holdsUsers(client)) {
      throw new PgliteImportError(
        `${dir} holds a PGlite database, but the PostgreSQL database already has users: nothing was copied. Move ${dir} away to keep the PostgreSQL data, or start with an empty database to copy it.`,
      )
    }
    const source = await openSource(dir)
    try {
      await client.query('BEGIN')
      const report = await copyTables(source, client)
      await client.query(`CREATE TABLE ${MARKER} (source text NOT NULL, imported_at timestamptz NOT NULL)`)
      await client.query(`INSERT INTO ${MARKER} VALUES ($1, now())`, [dir])
      await client.query('COMMIT')
      return report
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    } finally {
      await source.close()
    }
  } finally {
    await client.end()
  }
}

/** Moves the imported PGlite directory aside, so it is not imported again; returns where. */
export function setAsideImported(dataDir: string, dir: string): string {
  let backup = path.join(dataDir, PGLITE_BACKUP)
  if (existsSync(backup)) backup = `${backup}-${Date.now()}`
  renameSync(dir, backup)
  // What the earlier version's server left behind after a crash: its lock and operator socket.
  for (const name of ['db.lock', 'ops.sock']) rmSync(path.join(dataDir, name), { force: true })
  return backup
}

/** At the start of the embedded default: DATA_DIR/db, if any, is imported and set aside. */
export async function importPgliteOnStart(dataDir: string, target: Database, log: ImportLog): Promise<void> {
  const dir = pgliteDirOf(dataDir)
  if (!dir) return
  log.info({ dir }, 'copying the PGlite database of an earlier version into PostgreSQL…')
  const started = performance.now()
  const report = await importPglite(dir, target)
  const backup = setAsideImported(dataDir, dir)
  log.info(
    { ...report, ms: Math.round(performance.now() - started), backup },
    `PGlite database copied into PostgreSQL; the old files are kept in ${backup} (delete them when satisfied)`,
  )
}
