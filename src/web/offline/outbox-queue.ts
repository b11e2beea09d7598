import { OUTBOX_SYNC_TAG } from '../../../service-worker/cache-names.ts'
import { enqueueWrite } from './outbox.ts'
import type { OUTBOX_KINDS } from './outbox-sync.ts'

/** Puts a write in the outbox and asks for a Background Sync where the browser has it. */
export async function queueLessonWrite(
  userId: string,
  kind: keyof typeof OUTBOX_KINDS,
  lessonId: string,
  input: unknown,
  idempotencyKey: string,
): Promise<void> {
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
