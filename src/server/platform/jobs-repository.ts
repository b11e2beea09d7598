import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { fromDrizzle, type Db as QueueDb } from 'pg-boss'
import type { Db } from '../db/client.ts'

// Where pg-boss's own SQL (platform/jobs.ts) meets the app's database (docs/decisions.md "All SQL
// in repositories"): on the pool, or inside a write's transaction so that a job commits with it.

/** pg-boss's statements on the app's pool. */
export const onPool = (pool: pg.Pool): QueueDb => ({
  executeSql: (text, values) => pool.query(text, values as unknown[]),
})

/** pg-boss's statements inside the write's transaction `tx`. */
export const inTransaction = (tx: Db): QueueDb => fromDrizzle(tx as never, sql as never)
