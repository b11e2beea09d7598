import { clearUserDrafts } from './draft-store.ts'
import { clearLessonMirror } from './lesson-lists-mirror.ts'
import { clearOutbox } from './outbox.ts'
import { clearRecapMirror } from './recaps-mirror.ts'
import { clearTimetableMirror } from './timetable-mirror.ts'

/**
 * Empties the offline mirrors and, unless `keepOutbox` (a session that merely expired, for the same
 * user's next login), the outbox of writes made offline and the user's drafts.
 */
export async function clearOfflineData(options: { keepOutbox?: boolean } = {}): Promise<void> {
  if (!options.keepOutbox) clearUserDrafts()
  await Promise.all([
    clearTimetableMirror(),
    clearLessonMirror(),
    clearRecapMirror(),
    options.keepOutbox ? null : clearOutbox(),
  ])
}
