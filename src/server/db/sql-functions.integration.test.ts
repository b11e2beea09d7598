import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test-support/test-database.ts'
import type { Database } from './client.ts'
import { newestMigration } from './migrations-folder.ts'
import { applySqlFunctions, sqlFunctionFiles } from './sql-functions.ts'

// db/functions/*.sql are the SQL functions' live definitions (docs/decisions.md "SQL functions: one
// live source"): every start applies them after the migrations, on PostgreSQL 18 (embedded) and 15
// (CI's TEST_DATABASE_URL) alike.

let opened: Awaited<ReturnType<typeof openTestDatabase>>
let database: Database
/** The database's owner: the app's role may not change functions or the migrations' record. */
let owner: pg.Pool
beforeAll(async () => {
  opened = await openTestDatabase()
  database = opened.database
  owner = new pg.Pool({ connectionString: opened.ownerUrl, max: 1 })
})
afterAll(async () => {
  await owner.end()
  await opened.drop()
})

const BOOKING_ARGS =
  'uuid, uuid, integer, integer, uuid[], timestamptz, date, date, date, integer, integer, text, text, text'

/** What PostgreSQL holds of a function: its body and its settings. */
async function stored(name: string): Promise<{ body: string; settings: string[] | null }> {
  const { rows } = await database.pool.query<{ prosrc: string; proconfig: string[] | null }>(
    'SELECT prosrc, proconfig FROM pg_proc WHERE proname = $1',
    [name],
  )
  expect(rows).toHaveLength(1)
  return { body: rows[0]?.prosrc ?? '', settings: rows[0]?.proconfig ?? null }
}

/** The body a file defines: what lies between its dollar quotes. */
function fileBody(file: string): string {
  const text = sqlFunctionFiles().find((found) => found.name === file)?.text ?? ''
  return text.slice(text.indexOf('$$') + 2, text.lastIndexOf('$$'))
}

describe('SQL functions', () => {
  it('defines the booking and its batch as their files say, with the generic plans of the booking', async () => {
    expect(sqlFunctionFiles().map((file) => file.name)).toEqual([
      'book-lessons-batch.sql',
      'book-lessons.sql',
    ])
    expect(await stored('lektorium_book_lessons')).toEqual({
      body: fileBody('book-lessons.sql'),
      settings: ['plan_cache_mode=force_generic_plan'],
    })
    expect(await stored('lektorium_book_lessons_batch')).toEqual({
      body: fileBody('book-lessons-batch.sql'),
      settings: null,
    })
  })

  it('applies the files again at the next start, over whatever the database held', async () => {
    await owner.query(`ALTER FUNCTION lektorium_book_lessons(${BOOKING_ARGS}) RESET ALL`)
    await owner.query(
      "CREATE OR REPLACE FUNCTION lektorium_book_lessons_batch(p_items jsonb) RETURNS jsonb LANGUAGE sql AS $$ SELECT '[]'::jsonb $$",
    )
    await database.migrate()
    await database.migrate()
    expect((await stored('lektorium_book_lessons')).settings).toEqual(['plan_cache_mode=force_generic_plan'])
    expect((await stored('lektorium_book_lessons_batch')).body).toBe(fileBody('book-lessons-batch.sql'))
  })

  it('leaves the definitions of a newer release alone: a database it migrated is ahead of this code', async () => {
    await owner.query(`ALTER FUNCTION lektorium_book_lessons(${BOOKING_ARGS}) RESET ALL`)
    await owner.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
      'a-newer-release',
      newestMigration() + 1,
    ])
    await database.migrate()
    expect((await stored('lektorium_book_lessons')).settings).toBeNull()
    const client = await database.pool.connect()
    try {
      expect(await applySqlFunctions(client)).toBe(false)
    } finally {
      client.release()
    }
  })
})
