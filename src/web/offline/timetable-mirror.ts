import * as v from 'valibot'
import { type Timetable, timetableSchema } from '../../domain/api/timetables.ts'
import { type TimetableMirrorRow, timetablesTable } from './lektorium-db.ts'
import { putNewest, readChecked } from './mirror-table.ts'

// The last timetables a user viewed (decisions.md "The set-lessons screen and the offline
// timetable"), kept for offline reading. A few weeks are kept (switching weeks or teachers offline
// still finds the recent ones); older rows are pruned.

/** How many timetables are kept; the most recently saved survive. */
export const MIRROR_MAX_ROWS = 12

export type MirroredTimetable = { timetable: Timetable; savedAt: number }
export type MirrorAddress = { userId: string; teacherId: string; weekStart: string }

const rowKey = ({ userId, teacherId, weekStart }: MirrorAddress) => `${userId}|${teacherId}|${weekStart}`

const rowSchema = v.object({
  key: v.string(),
  userId: v.string(),
  teacherId: v.string(),
  weekStart: v.string(),
  savedAt: v.pipe(v.number(), v.finite()),
  timetable: timetableSchema,
})

/** Writes a fresh answer, then drops the oldest rows beyond MIRROR_MAX_ROWS. */
export async function saveTimetable(
  address: MirrorAddress,
  timetable: Timetable,
  savedAt: number = Date.now(),
): Promise<void> {
  const row: TimetableMirrorRow = { key: rowKey(address), ...address, savedAt, timetable }
  await putNewest(timetablesTable(), row, MIRROR_MAX_ROWS)
}

/** The mirrored copy, or null. A row that fails validation is deleted and counts as missing. */
export async function loadTimetable(address: MirrorAddress): Promise<MirroredTimetable | null> {
  const row = await readChecked(timetablesTable(), rowKey(address), rowSchema)
  return row && { timetable: row.timetable, savedAt: row.savedAt }
}

export type MirroredWeek = { teacherId: string; weekStart: string; savedAt: number }

/**
 * The weeks mirrored for a user, newest first, one per teacher (the latest saved), for the
 * set-lessons screen offline. Rows that fail validation are left out.
 */
export async function listMirroredWeeks(userId: string): Promise<MirroredWeek[]> {
  const rows = await timetablesTable().orderBy('savedAt').reverse().toArray()
  const seen = new Set<string>()
  return rows.flatMap((raw) => {
    const row = v.safeParse(rowSchema, raw)
    if (!row.success || row.output.userId !== userId || seen.has(row.output.teacherId)) return []
    seen.add(row.output.teacherId)
    const { teacherId, weekStart, savedAt } = row.output
    return [{ teacherId, weekStart, savedAt }]
  })
}

/** Logout empties the mirror (architecture.md "Offline"). */
export async function clearTimetableMirror(): Promise<void> {
  await timetablesTable().clear()
}
