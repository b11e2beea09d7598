import { mkdir, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { getTableColumns, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schema } from '../db/all-tables.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { createUser } from '../test-support/fixtures.ts'
import { addLessonAt, lessonParties } from '../test-support/my-lessons.ts'
import { pngFile } from '../test-support/sample-files.ts'
import { storedFiles } from '../test-support/stored-files.ts'
import { FILE_KEY_COLUMNS } from './file-references-repository.ts'
import { ORPHAN_AGE_MS, sweepOrphanFiles } from './file-sweep.ts'

// A crash between storing an upload and committing its row leaves a file no row names; the sweep
// at start (and hourly) removes such files once they are older than ORPHAN_AGE_MS, and nothing
// else (docs/decisions.md "Files survive a power cut").

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const silent = { info: () => {}, error: () => {} }
const sweep = () => sweepOrphanFiles({ db: t.database.db, storage: t.storage, log: silent })
// wall clock: a file's modification time is the file system's
const longAgo = new Date(Date.now() - ORPHAN_AGE_MS - 60_000)

/** A stored picture, last written `at`. */
async function storedAt(at: Date): Promise<string> {
  const { key } = await t.storage.put(Readable.from([pngFile(40)]), 'picture')
  await utimes(path.join(t.filesDir, key), at, at)
  return key
}

describe('the orphan file sweep', () => {
  it('removes old files no row names and old broken-off uploads, keeping every named or recent file', async () => {
    const named = await storedAt(longAgo)
    await createUser(t.database.db, { imageKey: named })
    const material = await storedAt(longAgo)
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 60)
    await t.database.db.insert(schema.lessonFiles).values({
      lessonId: lesson.id,
      ownerRole: 'teacher',
      storageKey: material,
      filename: 'a.png',
      contentType: 'png',
      size: 1,
    })
    // What a crash between the file and its row leaves: a whole file and a partial one.
    const orphan = await storedAt(longAgo)
    // wall clock: a file's modification time is the file system's
    const recent = await storedAt(new Date())
    await mkdir(path.join(t.filesDir, '.tmp'), { recursive: true })
    const partial = path.join(t.filesDir, '.tmp', 'cut-off.part')
    await writeFile(partial, 'half')
    await utimes(partial, longAgo, longAgo)
    await writeFile(path.join(t.filesDir, '.tmp', 'in-progress.part'), 'streaming')
    // Not a storage key: not the sweep's to judge.
    await writeFile(path.join(t.filesDir, 'README'), 'operator notes')
    await utimes(path.join(t.filesDir, 'README'), longAgo, longAgo)

    expect(await sweep()).toEqual({ removed: 2 })
    const left = await storedFiles(t.filesDir)
    expect(left.files).toEqual([named, material, recent, 'README'].sort())
    expect(left.files).not.toContain(orphan)
    expect(left.temporary).toEqual(['in-progress.part'])
    expect(await sweep()).toEqual({ removed: 0 })
  })

  it('knows every column that names a stored file', () => {
    const keyColumns = Object.values(schema).flatMap((table) =>
      is(table, PgTable)
        ? Object.values(getTableColumns(table)).filter((column) => /_key$/.test(column.name))
        : [],
    )
    expect(keyColumns.map((column) => column.name).sort()).toEqual(
      FILE_KEY_COLUMNS.map(([, column]) => column.name).sort(),
    )
  })
})
