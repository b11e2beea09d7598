import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'

const here = path.dirname(fileURLToPath(import.meta.url))

/** The SQL migrations (drizzle-kit), applied at every start and by the PGlite import. */
export const migrationsFolder = path.join(here, 'migrations')

/**
 * The SQL functions' live definitions, applied after the migrations at every start
 * (docs/decisions.md "SQL functions: one live source"). Read from the source tree, like the
 * migrations: the server runs its TypeScript where it lies, with no build step to copy them.
 */
export const functionsFolder = path.join(here, 'functions')

const journal = v.looseObject({ entries: v.array(v.looseObject({ when: v.number() })) })
let newest: number | undefined

/**
 * The newest migration this code knows: its journal time, which drizzle records as the applied
 * migration's `created_at`.
 */
export function newestMigration(): number {
  if (newest === undefined) {
    const file = path.join(migrationsFolder, 'meta', '_journal.json')
    const { entries } = v.parse(journal, JSON.parse(readFileSync(file, 'utf8')))
    newest = Math.max(...entries.map((entry) => entry.when))
  }
  return newest
}
