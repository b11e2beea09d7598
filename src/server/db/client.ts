import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { acquireDirLock } from './dir-lock.ts'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory when dataDir is null). */
export async function openDatabase(options: {
  databaseUrl?: string
  dataDir: string | null
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  return openPglite(options.dataDir)
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 })
  const db = drizzleNodePg(pool, { schema })
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      await pool.query('CREATE EXTENSION IF NOT EXISTS btree_gist')
      await migrateNodePg(db, { migrationsFolder })
    },
    close: () => pool.end(),
  }
}

async function openPglite(dataDir: string | null): Promise<Database> {
  let release: (() => void) | undefined
  let dir: string | undefined
  if (dataDir) {
    dir = path.join(dataDir, 'db')
    mkdirSync(dir, { recursive: true })
    // Two processes on one PGlite directory lose writes (ARCHITECTURE.md "Data").
    release = acquireDirLock(dataDir, 'db.lock')
  }
  try {
    const client = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), extensions: { btree_gist } })
    const db = drizzlePglite(client, { schema })
    return {
      db,
      kind: 'pglite',
      migrate: async () => {
        await client.exec('CREATE EXTENSION IF NOT EXISTS btree_gist')
        await migratePglite(db, { migrationsFolder })
      },
      close: async () => {
        await client.close()
        release?.()
      },
    }
  } catch (error) {
    release?.()
    throw error
  }
}
