import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import { functionsFolder, newestMigration } from './migrations-folder.ts'

// The SQL functions' live definitions (docs/decisions.md "SQL functions: one live source"):
// db/functions/*.sql, each `CREATE OR REPLACE`, applied after the migrations under their lock at
// every start. Migrations that once defined a function stay as they were: deployed databases ran
// them, and a fresh database runs them before these files replace what they defined.

export type SqlFunctionFile = { name: string; text: string }

/** The definitions, in file-name order (PL/pgSQL resolves the functions it calls when it runs). */
export function sqlFunctionFiles(): SqlFunctionFile[] {
  return readdirSync(functionsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(functionsFolder, name), 'utf8') }))
}

/**
 * Applies every definition in one transaction, on the migrating connection. A database that a
 * newer release has migrated keeps that release's definitions: an older node restarting during
 * an upgrade must not undo them (docs/deploy.md, migrations before nodes). Returns whether it
 * applied them.
 */
export async function applySqlFunctions(client: Pick<pg.ClientBase, 'query'>): Promise<boolean> {
  const { rows } = await client.query<{ newest: string | null }>(
    'SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations',
  )
  if (Number(rows[0]?.newest ?? 0) > newestMigration()) return false
  await client.query('BEGIN')
  try {
    for (const file of sqlFunctionFiles()) {
      await client.query(file.text).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error)
        throw new Error(`db/functions/${file.name}: ${reason}`, { cause: error })
      })
    }
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  }
  return true
}
