import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openDatabase } from '../db/client.ts'
import { TEST_APP_ROLE, TEST_OWNER_ROLE, testRoleUrl } from './test-roles.ts'

const silent = { info: () => {}, error: () => {} }

/**
 * A migrated, empty database for one test file: `lektorium_t_<random>` on the test run's
 * PostgreSQL (test-postgres.ts), owned by the test owner role and opened as the test app role
 * (test-roles.ts), dropped afterwards.
 */
export async function openTestDatabase(): Promise<{
  database: Database
  /** As the app's role. */
  url: string
  /** As the owner's role. */
  ownerUrl: string
  drop(): Promise<void>
}> {
  const adminUrl = inject('testDatabaseUrl')
  const name = `lektorium_t_${randomBytes(6).toString('hex')}`
  await adminQuery(adminUrl, `CREATE DATABASE ${name} OWNER ${TEST_OWNER_ROLE}`)
  const url = testRoleUrl(adminUrl, name, TEST_APP_ROLE)
  const ownerUrl = testRoleUrl(adminUrl, name, TEST_OWNER_ROLE)
  const database = await openDatabase({ databaseUrl: url, ownerUrl, dataDir: '.tmp/test-data', log: silent })
  await database.migrate()
  return {
    database,
    url,
    ownerUrl,
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
