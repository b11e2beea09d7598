import { API_CACHE_NAME } from '../../../service-worker/cache-names.ts'
import { clearTimetableMirror } from '../offline/timetable-mirror.ts'
import { clearQueryCaches } from './query-client.ts'
import { clearServerError } from './server-error.ts'
import { clearSession } from './session.ts'

/**
 * The local half of logout (spec §4): clears the stored session, the global server error and
 * every cached answer, including the service worker's API cache and the offline timetable mirror
 * (ARCHITECTURE.md "Web app", "Offline").
 */
export async function endLocalSession(): Promise<void> {
  clearSession()
  clearServerError()
  await clearQueryCaches()
  await clearTimetableMirror().catch((error: unknown) => {
    console.warn('The offline timetable mirror could not be cleared', error)
  })
  if (typeof caches !== 'undefined') await caches.delete(API_CACHE_NAME).catch(() => false)
}
