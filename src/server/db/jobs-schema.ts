import { createRequire } from 'node:module'
import type pg from 'pg'
import { getConstructionPlans, getMigrationPlans } from 'pg-boss'
import * as v from 'valibot'

// pg-boss's tables are made by the migrations, as the owner (docs/decisions.md "The app's database
// roles"): the app's role may not create tables, so the server starts pg-boss without letting it
// install or migrate its schema, and pg-boss only checks that the version is its own.

/** pg-boss's schema in the app's database. */
export const JOBS_SCHEMA = 'pgboss'

/** The schema version this pg-boss release works on (its package.json says it). */
function wantedVersion(): number {
  const manifest = createRequire(import.meta.url)('pg-boss/package.json')
  return v.parse(v.object({ pgboss: v.object({ schema: v.number() }) }), manifest).pgboss.schema
}

/**
 * pg-boss's migration script, as statements to send one by one: its index builds run
 * CONCURRENTLY after the script's own transaction, each on its own, as psql would send them.
 */
function migrationStatements(script: string): string[] {
  const [transaction = '', ...concurrent] = script.split(/\n(?=-- inlined from )/)
  return [transaction, ...concurrent.map((statement) => statement.trim().replace(/;$/, ''))].filter(
    (statement) => statement.trim() !== '',
  )
}

/** Installs pg-boss's schema, or migrates it to this release's version. Run as the owner. */
export async function installJobsSchema(client: Pick<pg.ClientBase, 'query'>): Promise<void> {
  const installed = await client.query<{ found: boolean }>(
    `SELECT to_regclass('${JOBS_SCHEMA}.version') IS NOT NULL AS found`,
  )
  if (installed.rows[0]?.found !== true) {
    await client.query(getConstructionPlans(JOBS_SCHEMA))
    return
  }
  const { rows } = await client.query<{ version: string }>(`SELECT version FROM ${JOBS_SCHEMA}.version`)
  const version = Number(rows[0]?.version ?? 0)
  if (version >= wantedVersion()) return
  for (const statement of migrationStatements(getMigrationPlans(JOBS_SCHEMA, version))) {
    await client.query(statement)
  }
}
