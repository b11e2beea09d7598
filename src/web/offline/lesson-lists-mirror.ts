import * as v from 'valibot'
import { type LessonListMirrorRow, lessonListsTable } from './lektorium-db.ts'
import { putNewest, readChecked } from './mirror-table.ts'

// The lesson lists a user last received (and with them the memos and notes), kept for reading with
// no connection; the screen says when they were fetched.

/** How many list answers are kept per device; the most recently saved survive. */
export const LESSON_MIRROR_MAX_ROWS = 20

export type MirroredAnswer<T> = { answer: T; savedAt: number }
export type LessonListAddress = { userId: string; list: string; query: string }

const rowKey = ({ userId, list, query }: LessonListAddress) => `${userId}|${list}|${query}`

const rowSchema = v.object({
  key: v.string(),
  userId: v.string(),
  savedAt: v.pipe(v.number(), v.finite()),
  answer: v.unknown(),
})

export async function saveLessonList(
  address: LessonListAddress,
  answer: unknown,
  savedAt: number = Date.now(),
): Promise<void> {
  const row: LessonListMirrorRow = { key: rowKey(address), userId: address.userId, savedAt, answer }
  await putNewest(lessonListsTable(), row, LESSON_MIRROR_MAX_ROWS)
}

/** The mirrored answer checked against `schema`, or null; a row that fails the check is deleted. */
export async function loadLessonList<S extends v.GenericSchema>(
  address: LessonListAddress,
  schema: S,
): Promise<MirroredAnswer<v.InferOutput<S>> | null> {
  const key = rowKey(address)
  const row = await readChecked(lessonListsTable(), key, rowSchema)
  if (!row) return null
  const answer = v.safeParse(schema, row.answer)
  if (answer.success) return { answer: answer.output, savedAt: row.savedAt }
  await lessonListsTable().delete(key)
  return null
}

/** Logout empties the mirror (architecture.md "Offline"). */
export async function clearLessonMirror(): Promise<void> {
  await lessonListsTable().clear()
}
