import { API_CACHE_NAME } from '../../../service-worker/cache-names.ts'
import { clearQueryCaches } from './query-client.ts'
import { clearServerError } from './server-error.ts'
import { clearSession } from './session.ts'

/**
 * The local half of logout (product-rules.md "Sign-in and account states"): clears the stored
 * session, the global server error and every cached answer, including the service worker's API
 * cache and the offline mirrors (architecture.md "Web app", "Offline"). The outbox of writes made
 * offline goes too, unless `keepOutbox`: a session that merely expired (a 401) keeps them for the
 * same user's next login, while a logout the user asked for has already warned about them
 * (app/logout-confirm.tsx).
 */
export async function endLocalSession(options: { keepOutbox?: boolean } = {}): Promise<void> {
  clearSession()
  clearServerError()
  await clearQueryCaches()
  try {
    // The offline database (Dexie) is a chunk of its own, so the login page never downloads it.
    const { clearOfflineData } = await import('../offline/clear-offline-data.ts')
    await clearOfflineData(options)
  } catch (error) {
    console.warn('The offline data could not be cleared', error)
  }
  if (typeof caches !== 'undefined') await caches.delete(API_CACHE_NAME).catch(() => false)
}
