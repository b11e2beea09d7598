import * as v from 'valibot'
import { type Recap, recapSchema } from '../../domain/api/recaps.ts'
import { type RecapMirrorRow, recapsTable } from './lektorium-db.ts'
import { putNewest, readChecked } from './mirror-table.ts'

// The published recaps of the lessons a user last opened, kept for reading with no connection
// (docs/decisions.md "The recap offline"); in a table of their own, so they never push the lesson
// lists out of theirs.

/** How many lessons' recaps are kept per device; the most recently saved survive. */
export const RECAP_MIRROR_MAX_ROWS = 30

export type RecapAddress = { userId: string; lessonId: string }
export type MirroredRecaps = { recaps: Recap[]; savedAt: number }

const rowKey = ({ userId, lessonId }: RecapAddress) => `${userId}|${lessonId}`

const rowSchema = v.object({
  key: v.string(),
  userId: v.string(),
  savedAt: v.pipe(v.number(), v.finite()),
  recaps: v.array(recapSchema),
})

/**
 * Keeps the lesson's published recaps (a draft is the teacher's to change online), without their
 * transcripts, which the screen does not show; a lesson with none is forgotten.
 */
export async function saveRecaps(address: RecapAddress, recaps: Recap[], savedAt: number = Date.now()) {
  const published = recaps
    .filter((recap) => recap.status === 'published' && recap.content)
    .map((recap) => ({ ...recap, transcript: null }))
  if (published.length === 0) {
    await recapsTable().delete(rowKey(address))
    return
  }
  const row: RecapMirrorRow = { key: rowKey(address), userId: address.userId, savedAt, recaps: published }
  await putNewest(recapsTable(), row, RECAP_MIRROR_MAX_ROWS)
}

/** The mirrored recaps, or null; a row that no longer reads as recaps (another build) is deleted. */
export async function loadRecaps(address: RecapAddress): Promise<MirroredRecaps | null> {
  const row = await readChecked(recapsTable(), rowKey(address), rowSchema)
  return row ? { recaps: row.recaps, savedAt: row.savedAt } : null
}

/** Logout empties the mirror (architecture.md "Offline"). */
export async function clearRecapMirror(): Promise<void> {
  await recapsTable().clear()
}
