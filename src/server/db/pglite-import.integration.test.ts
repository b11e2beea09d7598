import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/demo-accounts.ts'
import { startServer } from '../server.ts'
import { createUser } from '../test-support/fixtures.ts'
import { makeOldPglite, pgliteCounts } from '../test-support/old-pglite.ts'
import { openTestDatabase } from '../test-support/test-database.ts'
import { clusterDir } from './embedded/cluster.ts'
import { processesOn } from './embedded/processes.ts'
import { importPglite, PgliteImportError } from './pglite-import.ts'

// An operator upgrading from the PGlite default keeps every row (docs/decisions.md
// "One database engine"): the rows of a PGlite directory made by the last PGlite version's
// migrations and demo seed are copied into PostgreSQL, once.

let dataDir: string
let pgliteDir: string
let before: Record<string, number>
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lk-pglite-import-'))
  pgliteDir = path.join(dataDir, 'db')
  await makeOldPglite(pgliteDir, path.join(dataDir, 'files'))
  before = await pgliteCounts(pgliteDir)
}, 120_000)
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** The first column of each row of `sql` on the database at `url`. */
async function column(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query({ text: sql, rowMode: 'array' })).rows.map((row: unknown[]) => row[0])
  } finally {
    await client.end()
  }
}

async function countsOf(url: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of Object.keys(before)) {
    counts[table] = Number((await column(url, `SELECT count(*) FROM "${table}"`))[0])
  }
  return counts
}

const fingerprint = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => `${name}:${statSync(path.join(dir, name)).mtimeMs}`)

describe('copying a PGlite database', () => {
  it('copies every row into an empty PostgreSQL database, once, leaving the PGlite files as they were', async () => {
    expect(before.users).toBe(DEMO_ACCOUNTS.length)
    expect(before.lessons).toBeGreaterThan(0)
    const untouched = fingerprint(pgliteDir)
    const target = await openTestDatabase()
    try {
      const report = await importPglite(pgliteDir, target.database)
      const rows = Object.values(before).reduce((a, b) => a + b, 0)
      // The copy is migrated to this version first, which adds the (empty) tables of later
      // migrations (more with every issue that adds one): all of the old ones are among them.
      // Migration 0026 makes the old group lessons a class: the class, its two members and its
      // three meetings (the demo's group class).
      expect(report?.rows).toBe(rows + 6)
      expect(report?.tables).toBeGreaterThan(Object.keys(before).length)
      expect(await countsOf(target.url)).toEqual(before)
      // New rows of serial tables continue after the copied ids.
      const sequence = "SELECT nextval('languages_id_seq') > (SELECT max(id) FROM languages)"
      expect(await column(target.url, sequence)).toEqual([true])
      expect(await importPglite(pgliteDir, target.database)).toBeNull()
      expect(fingerprint(pgliteDir)).toEqual(untouched)
    } finally {
      await target.drop()
    }
  })

  it('refuses a database that already has users, and changes nothing there', async () => {
    const target = await openTestDatabase()
    try {
      await createUser(target.database.db)
      await expect(importPglite(pgliteDir, target.database)).rejects.toThrow(PgliteImportError)
      expect((await countsOf(target.url)).users).toBe(1)
    } finally {
      await target.drop()
    }
  })
})

describe('the first start of the embedded default on a PGlite data directory', () => {
  it('copies DATA_DIR/db into its PostgreSQL, sets it aside and serves the old accounts', async () => {
    const config = { ...loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }), webDir: undefined }
    const server = await startServer(config)
    try {
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false)
      expect(existsSync(path.join(dataDir, 'pglite-backup', 'PG_VERSION'))).toBe(true)
      const signIn = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/sign_in',
        payload: { email: 'marta.dabrowska@demo.lektorium.pl', password: DEMO_PASSWORD },
      })
      expect(signIn.statusCode).toBe(200)
      // No second demo seed on top of the copied accounts.
      expect(await column(server.app.deps.database.url, 'SELECT count(*)::int FROM users')).toEqual([
        DEMO_ACCOUNTS.length,
      ])
    } finally {
      await server.close()
    }
    expect(processesOn(clusterDir(dataDir))).toEqual([])
  })
})
