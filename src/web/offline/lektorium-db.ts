import Dexie from 'dexie'
import { OFFLINE_DATABASE, offlineStoreCreated } from './offline-store.ts'

// The app's IndexedDB database (architecture.md "Offline"): a mirror of what the user last saw, so
// it stays readable without a connection, and the outbox of writes made offline. Rows are untrusted
// when read back (another build, a manual edit, a half-written row): every reader validates them
// with valibot.

/** One mirrored timetable: a teacher's week as the signed-in user last received it. */
export type TimetableMirrorRow = {
  /** `${userId}|${teacherId}|${weekStart}` */
  key: string
  userId: string
  teacherId: string
  weekStart: string
  /** When the answer arrived (ms since the epoch). */
  savedAt: number
  timetable: unknown
}

/** One mirrored lesson list (my-lessons): the answer of one list query as the user last got it. */
export type LessonListMirrorRow = {
  /** `${userId}|${list}|${query}` */
  key: string
  userId: string
  savedAt: number
  answer: unknown
}

/** One lesson's published recaps as the signed-in user last received them (my-lessons). */
export type RecapMirrorRow = {
  /** `${userId}|${lessonId}` */
  key: string
  userId: string
  savedAt: number
  recaps: unknown
}

/**
 * A write made offline, waiting to be sent: replayed in `seq` order with its own Idempotency-Key,
 * so the server applies it once however often it is sent.
 */
export type OutboxRow = {
  seq?: number
  userId: string
  lessonId: string
  kind: string
  input: unknown
  idempotencyKey: string
  createdAt: number
  state: 'pending' | 'failed'
  /** Why the server refused it (error code and its parameters), when `failed`. */
  refusal?: { code: string | null; status: number | null; params: Record<string, string> }
}

export const lektoriumDb = new Dexie(OFFLINE_DATABASE)

lektoriumDb.version(1).stores({ timetables: 'key, savedAt' })
lektoriumDb.version(2).stores({
  timetables: 'key, savedAt',
  lessonLists: 'key, userId, savedAt',
  outbox: '++seq, userId, lessonId',
})

lektoriumDb.version(3).stores({
  timetables: 'key, savedAt',
  lessonLists: 'key, userId, savedAt',
  outbox: '++seq, userId, lessonId',
  recaps: 'key, userId, savedAt',
})

// Once this tab has the database open, those waiting for it (the outbox watch) may start.
lektoriumDb.on('ready', () => offlineStoreCreated())

export const timetablesTable = () => lektoriumDb.table<TimetableMirrorRow, string>('timetables')
export const lessonListsTable = () => lektoriumDb.table<LessonListMirrorRow, string>('lessonLists')
export const recapsTable = () => lektoriumDb.table<RecapMirrorRow, string>('recaps')
export const outboxTable = () => lektoriumDb.table<OutboxRow, number>('outbox')
