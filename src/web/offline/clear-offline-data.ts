import { clearLessonMirror } from './lesson-mirror.ts'
import { clearOutbox } from './outbox.ts'
import { clearTimetableMirror } from './timetable-mirror.ts'

/** Empties the offline mirrors and, unless `keepOutbox`, the outbox of writes made offline. */
export async function clearOfflineData(options: { keepOutbox?: boolean } = {}): Promise<void> {
  await Promise.all([clearTimetableMirror(), clearLessonMirror(), options.keepOutbox ? null : clearOutbox()])
}
