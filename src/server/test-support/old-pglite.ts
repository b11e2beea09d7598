import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import * as v from 'valibot'
import { schema } from '../db/all-tables.ts'
import { migrationsFolder } from '../db/migrations-folder.ts'
import { systemClock } from '../platform/clock.ts'
import { createLocalStorage } from '../platform/storage.ts'
import { seedDemoData } from '../seed/seed.ts'
import { testConfig } from './build-test-app.ts'

// A PGlite data directory as the last version on PGlite left it: its migrations (0000–
// 0003), the demo data, and a few rows with a teacher's own dictionary entries, as `npm start`
// would have made them.

const LAST_PGLITE_MIGRATION = 3
/**
 * Columns later migrations added to tables today's demo seed writes: added for the seed and
 * dropped after it, so the directory keeps the old schema.
 */
const LATER_COLUMNS = [
  { table: 'availability_rules', column: 'slots_complete_from', type: 'date' },
  { table: 'users', column: 'video_provider', type: 'text' },
  { table: 'lessons', column: 'is_learncube', type: 'boolean DEFAULT false NOT NULL' },
  { table: 'lessons', column: 'room_token', type: 'text' },
  { table: 'settings', column: 'first_reminder_minutes', type: 'integer DEFAULT 1440 NOT NULL' },
  { table: 'settings', column: 'second_reminder_minutes', type: 'integer DEFAULT 60 NOT NULL' },
  { table: 'lessons', column: 'group_meeting_id', type: 'uuid' },
  { table: 'lessons', column: 'group_absent_at', type: 'timestamptz' },
  { table: 'settings', column: 'recording_lesson_max_mb', type: 'integer DEFAULT 3000 NOT NULL' },
  { table: 'settings', column: 'recording_day_max_mb', type: 'integer DEFAULT 20000 NOT NULL' },
  { table: 'settings', column: 'sms_daily_user_max', type: 'integer DEFAULT 10 NOT NULL' },
  { table: 'settings', column: 'sms_daily_school_max', type: 'integer DEFAULT 500 NOT NULL' },
  { table: 'settings', column: 'recap_daily_max', type: 'integer DEFAULT 0 NOT NULL' },
  { table: 'settings', column: 'recap_publish_after_hours', type: 'integer DEFAULT 48 NOT NULL' },
]
/**
 * Tables later migrations added that today's demo seed writes (its group class): made for the seed
 * and dropped after it, which leaves the group lesson as the old version had it.
 */
const LATER_TABLES: Record<string, string> = {
  group_classes: `id uuid PRIMARY KEY DEFAULT gen_random_uuid(), teacher_id uuid, language_id integer,
    level_id integer, title text, description text DEFAULT '', company_name text, capacity smallint,
    provider text DEFAULT 'builtin', cancelled_at timestamptz, created_at timestamptz DEFAULT now(),
    updated_at timestamptz DEFAULT now()`,
  group_class_members: `class_id uuid, student_id uuid, status text, waiting_since timestamptz,
    created_at timestamptz DEFAULT now()`,
  group_meetings: `id uuid PRIMARY KEY DEFAULT gen_random_uuid(), class_id uuid, teacher_id uuid,
    starts_at timestamptz, ends_at timestamptz, cancelled_at timestamptz, sequence integer DEFAULT 0,
    teacher_memo text, created_at timestamptz DEFAULT now()`,
}
const journal = v.looseObject({ entries: v.array(v.looseObject({ idx: v.number() })) })

/** The migrations folder as it was: the journal cut after the last PGlite migration. */
function oldMigrations(): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'lk-old-migrations-'))
  cpSync(migrationsFolder, folder, { recursive: true })
  const file = path.join(folder, 'meta', '_journal.json')
  const parsed = v.parse(journal, JSON.parse(readFileSync(file, 'utf8')))
  const entries = parsed.entries.filter((entry) => entry.idx <= LAST_PGLITE_MIGRATION)
  writeFileSync(file, JSON.stringify({ ...parsed, entries }))
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) }
}

/** Creates the PGlite database in `dir` with the demo data (files under `filesDir`). */
export async function makeOldPglite(dir: string, filesDir: string): Promise<void> {
  const migrations = oldMigrations()
  try {
    mkdirSync(dir, { recursive: true })
    const client = await PGlite.create({ dataDir: dir, extensions: { btree_gist } })
    try {
      await client.exec('CREATE EXTENSION IF NOT EXISTS btree_gist')
      const db = drizzle(client, { schema })
      await migrate(db, { migrationsFolder: migrations.folder })
      for (const { table, column, type } of LATER_COLUMNS)
        await client.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`)
      for (const [table, columns] of Object.entries(LATER_TABLES))
        await client.exec(`CREATE TABLE ${table} (${columns})`)
      const log = { info: () => {}, error: () => {} }
      const storage = createLocalStorage(filesDir)
      await seedDemoData({ db, clock: systemClock, config: testConfig(), storage, log })
      for (const { table, column } of LATER_COLUMNS)
        await client.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`)
      for (const table of Object.keys(LATER_TABLES)) await client.exec(`DROP TABLE ${table}`)
    } finally {
      await client.close()
    }
  } finally {
    migrations.remove()
  }
}

/** Rows per table of a PGlite directory (read from a copy: the original stays untouched). */
export async function pgliteCounts(dir: string): Promise<Record<string, number>> {
  const copy = mkdtempSync(path.join(tmpdir(), 'lk-pglite-count-'))
  cpSync(dir, copy, { recursive: true })
  const client = await PGlite.create({ dataDir: copy, extensions: { btree_gist } })
  try {
    const tables = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    )
    const counts: Record<string, number> = {}
    for (const { name } of tables.rows) {
      const result = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`)
      counts[name] = result.rows[0]?.n ?? 0
    }
    return counts
  } finally {
    await client.close()
    rmSync(copy, { recursive: true, force: true })
  }
}
