import { OUTBOX_SYNC_TAG } from '../../../service-worker/cache-names.ts'
import type { OutboxWrite } from './outbox-write.ts'

// The outbox's door (architecture.md "Offline"): putting a write there (outbox-write.ts says what
// may wait). The outbox itself (Dexie, some 30 kB) is a chunk of its own, loaded through `loadOutbox`: a device
// without the offline database has nothing to send, so the dashboard downloads it only with it.
// web/api/outbox-sync.ts sends what waits.
export const loadOutbox = () => import('./outbox.ts')

/**
 * Downloads the outbox's code ahead of the first write: my-lessons renders without it and calls
 * this in an idle moment afterwards, so a write made once the connection has dropped still finds
 * it. A failure is retried by that write.
 */
export function preloadOutbox(): void {
  loadOutbox().catch(() => undefined)
}

/** Puts a write in the outbox and asks for a Background Sync where the browser has it. */
export async function queueLessonWrite(userId: string, write: OutboxWrite): Promise<void> {
  const { enqueueWrite } = await loadOutbox()
  await enqueueWrite(userId, write)
  requestBackgroundSync()
}

function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  navigator.serviceWorker.ready
    .then((registration) => {
      const sync = (
        registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
      ).sync
      return sync?.register(OUTBOX_SYNC_TAG)
    })
    .catch(() => {
      // No Background Sync: the app's own triggers send it.
    })
}
