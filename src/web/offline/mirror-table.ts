import type { Table } from 'dexie'
import * as v from 'valibot'

// What the offline mirrors (timetable-mirror.ts, lesson-lists-mirror.ts) share: a row per answer the
// user last received, the newest few kept; a row read back is checked before it is trusted.

type MirrorRow = { key: string; savedAt: number }

/** Writes the row, then drops the oldest rows beyond `maxRows`. */
export async function putNewest<R extends MirrorRow>(table: Table<R, string>, row: R, maxRows: number) {
  await table.put(row)
  const count = await table.count()
  if (count > maxRows) {
    const stale = await table
      .orderBy('savedAt')
      .limit(count - maxRows)
      .primaryKeys()
    await table.bulkDelete(stale)
  }
}

/** The row under `key` as `schema` reads it, or null; a row that fails (another build) is deleted. */
export async function readChecked<S extends v.GenericSchema>(
  table: Table<unknown, string>,
  key: string,
  schema: S,
): Promise<v.InferOutput<S> | null> {
  const raw = await table.get(key)
  if (raw === undefined) return null
  const row = v.safeParse(schema, raw)
  // The schemas all read a `key`; one under another row's key is as broken as a bad shape.
  if (row.success && (row.output as Partial<MirrorRow>).key === key) return row.output
  await table.delete(key)
  return null
}
