import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { DRAIN_OUTBOX_MESSAGE } from '../../../service-worker/cache-names.ts'
import { onServerBack } from '../offline/connectivity.ts'
import { offlineStoreMayExist, onOfflineStoreCreated } from '../offline/offline-store.ts'
import type { OutboxEntry } from '../offline/outbox.ts'
import { loadOutbox } from '../offline/outbox-queue.ts'
import { aiLessonKeys } from './ai-lesson-keys.ts'
import { lessonKeys } from './lessons.ts'
import { drainOutbox } from './outbox-sender.ts'
import { getSession } from './session.ts'
import { timetableKeys } from './timetables.ts'

// When the outbox is sent (architecture.md "Offline"): at app start, when the browser comes back
// online, when the page becomes visible again, when the service worker's Background Sync fires
// (where the browser has it), and every half minute while writes wait. Writes are queued by
// web/offline/outbox-queue.ts and sent by outbox-sender.ts; my-lessons fetches the outbox's code in
// an idle moment once its lessons show (preloadOutbox), so queueing needs no download offline.

const RETRY_MS = 30_000

/** Sends what waits for the signed-in user, then refreshes the lessons it changed. */
export async function syncOutbox(queryClient: QueryClient): Promise<void> {
  const session = getSession()
  if (!session || !(await offlineStoreMayExist())) return
  const report = await drainOutbox(session.userId)
  if (report.sent > 0) {
    await queryClient.invalidateQueries({ queryKey: lessonKeys.all })
    await queryClient.invalidateQueries({ queryKey: aiLessonKeys.all })
  }
}

/** The signed-in user's outbox entries, kept up to date (any tab). */
export function useOutboxEntries(): OutboxEntry[] {
  const userId = getSession()?.userId
  const [entries, setEntries] = useState<OutboxEntry[]>([])
  useEffect(() => {
    setEntries([])
    if (!userId) return
    let stop: (() => void) | undefined
    let ended = false
    const watch = () => {
      stopWaiting()
      loadOutbox().then(
        ({ watchOutbox }) => {
          if (!ended) stop ??= watchOutbox(userId, setEntries)
        },
        (error: unknown) => console.warn('The outbox could not be read', error),
      )
    }
    // Until the database exists (or this tab writes to it) there is nothing to watch.
    const stopWaiting = onOfflineStoreCreated(watch)
    void offlineStoreMayExist().then((exists) => {
      if (exists) watch()
    })
    return () => {
      ended = true
      stopWaiting()
      stop?.()
    }
  }, [userId])
  return entries
}

/**
 * The lesson lists and timetables on screen may be the device's copy (the service worker's cache
 * or the mirrors): once the server answers again they are fetched afresh, so their "saved copy"
 * notices go at once.
 */
function refreshSavedCopies(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: lessonKeys.all })
  void queryClient.invalidateQueries({ queryKey: timetableKeys.all })
}

/** The keys of the writes still waiting to be sent. */
export const pendingKeys = (entries: OutboxEntry[]): Set<string> =>
  new Set(entries.filter((entry) => entry.state === 'pending').map((entry) => entry.idempotencyKey))

/** Whether a write that waited in `before` waits no more in `after` (sent, or refused). */
export const someLeft = (before: Set<string>, after: Set<string>): boolean =>
  [...before].some((key) => !after.has(key))

/** Mounted once in the signed-in layout: runs the outbox on every trigger. */
export function useOutboxSync(): void {
  const queryClient = useQueryClient()
  const entries = useOutboxEntries()
  const waiting = entries.some((entry) => entry.state === 'pending')
  // Another tab of the app may send what waits (the outbox is the device's): its lists refresh,
  // and so must this tab's, or they keep the copy fetched before the write arrived.
  const waited = useRef<Set<string>>(new Set())
  useEffect(() => {
    const now = pendingKeys(entries)
    if (someLeft(waited.current, now)) {
      void queryClient.invalidateQueries({ queryKey: lessonKeys.all })
      void queryClient.invalidateQueries({ queryKey: aiLessonKeys.all })
    }
    waited.current = now
  }, [entries, queryClient])
  useEffect(() => {
    const run = () => {
      syncOutbox(queryClient).catch((error: unknown) => console.warn('Sending the outbox failed', error))
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') run()
    }
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data
      if (typeof data === 'object' && data !== null && 'type' in data && data.type === DRAIN_OUTBOX_MESSAGE)
        run()
    }
    run()
    // The server answering again (any request) sends what waits at once (decisions.md "Offline and
    // reconnect").
    const stopListening = onServerBack(() => {
      run()
      refreshSavedCopies(queryClient)
    })
    window.addEventListener('online', run)
    document.addEventListener('visibilitychange', onVisible)
    navigator.serviceWorker?.addEventListener('message', onMessage)
    const timer = waiting ? window.setInterval(run, RETRY_MS) : undefined
    return () => {
      stopListening()
      window.removeEventListener('online', run)
      document.removeEventListener('visibilitychange', onVisible)
      navigator.serviceWorker?.removeEventListener('message', onMessage)
      window.clearInterval(timer)
    }
  }, [queryClient, waiting])
}
