import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type Database, openDatabase } from '../db/client.ts'

/**
 * A migrated, empty database for one test file: in-memory PGlite, or, with TEST_DATABASE_URL (an
 * admin connection to PostgreSQL), a fresh database `lektorium_t_<random>` dropped afterwards.
 */
export async function openTestDatabase(): Promise<{
  database: Database
  url: string | undefined
  drop(): Promise<void>
}> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: null })
    await database.migrate()
    return { database, url: undefined, drop: () => database.close() }
  }
  const name = `lektorium_t_${randomBytes(6).toString('hex')}`
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null })
  await database.migrate()
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close()
      // pool.end() resolves before every backend has seen its client's Terminate; forcing the drop
      // then kills those backends and node-postgres reports 57P01 as an unhandled error.
      await waitForDisconnect(adminUrl, name)
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Waits (up to 5 s) until no session is connected to the database `name`. */
async function waitForDisconnect(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const result = await client.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      )
      if (result.rows[0]?.n === 0) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  } finally {
    await client.end()
  }
}
