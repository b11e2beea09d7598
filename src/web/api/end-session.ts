import { API_CACHE_NAME } from '../../../service-worker/cache-names.ts'
import { clearQueryCaches } from './query-client.ts'
import { clearServerError } from './server-error.ts'
import { clearSession } from './session.ts'

/**
 * The local half of logout (spec §4): clears the stored session, the global server error and
 * every cached answer, including the service worker's API cache (ARCHITECTURE.md "Web app").
 */
export async function endLocalSession(): Promise<void> {
  clearSession()
  clearServerError()
  await clearQueryCaches()
  if (typeof caches !== 'undefined') await caches.delete(API_CACHE_NAME).catch(() => false)
}
