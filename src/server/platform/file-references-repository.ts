import { inArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { lessonFiles } from '../db/schema-lessons.ts'
import { lessonArchiveChunks, lessonArchives, lessonVoiceRecordings } from '../db/schema-recordings.ts'

// Every column that names a stored file (FileStorage key). A file none of them names is an orphan
// (file-sweep.ts). A new file column belongs here too: file-sweep.integration.test.ts checks that
// every `*_key` column of the schema is listed.
export const FILE_KEY_COLUMNS: [PgTable, PgColumn][] = [
  [users, users.imageKey],
  [users, users.videoKey],
  [users, users.voiceSampleKey],
  [lessonFiles, lessonFiles.storageKey],
  [lessonArchives, lessonArchives.fileKey],
  // The recording's audio-only track, which the recap transcribes.
  [lessonArchives, lessonArchives.audioFileKey],
  [lessonArchiveChunks, lessonArchiveChunks.fileKey],
  [lessonVoiceRecordings, lessonVoiceRecordings.fileKey],
]

/** The keys among `keys` that no row names. */
export async function unreferencedKeys(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return []
  const named = new Set<unknown>()
  for (const [table, column] of FILE_KEY_COLUMNS) {
    const rows = await db.select({ key: column }).from(table).where(inArray(column, keys))
    for (const row of rows) named.add(row.key)
  }
  return keys.filter((key) => !named.has(key))
}
