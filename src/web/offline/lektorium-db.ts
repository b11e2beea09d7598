import Dexie from 'dexie'

// The app's IndexedDB database (ARCHITECTURE.md "Offline"): a mirror of what the user last saw,
// so it stays readable without a connection. Rows are untrusted when read back (another build, a
// manual edit, a half-written row): every reader validates them with valibot.

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

export const lektoriumDb = new Dexie('lektorium')

lektoriumDb.version(1).stores({ timetables: 'key, savedAt' })

export const timetablesTable = () => lektoriumDb.table<TimetableMirrorRow, string>('timetables')
