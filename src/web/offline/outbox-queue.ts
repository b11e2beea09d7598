import { OUTBOX_SYNC_TAG } from '../../../service-worker/cache-names.ts'
import { loadOutbox, type OUTBOX_KINDS } from './outbox-sync.ts'

/**
 * Downloads the outbox's code (Dexie, some 30 kB; a chunk of its own) ahead of the first write:
 * my-lessons renders without it and calls this in an idle moment afterwards, so a write made once
 * the connection has dropped still finds it. A failure is retried by that write.
 */
export function preloadOutbox(): void {
  loadOutbox().catch(() => undefined)
}

/** Puts a write in the outbox and asks for a Background Sync where the browser has it. */
export async function queueLessonWrite(
  userId: string,
  kind: keyof typeof OUTBOX_KINDS,
  lessonId: string,
  input: unknown,
  idempotencyKey: string,
): Promise<void> {
  const { enqueueWrite } = await loadOutbox()
  await enqueueWrite(userId, { kind, lessonId, input, idempotencyKey })
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
