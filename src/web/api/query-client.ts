import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { QueryClient } from '@tanstack/react-query'
import type { PersistedClient, PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { ApiError } from './api-error.ts'
import { trackProfileAnswers } from './profile-answers.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** Retry only what may succeed on its own: lost connections and server errors, twice at most. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return failureCount < 2 && (error.kind === 'network' || error.isServerError)
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      gcTime: 7 * DAY_MS,
      retry: shouldRetry,
      // Let requests reach the service worker, which answers from its cache when offline.
      networkMode: 'offlineFirst',
    },
    mutations: { retry: false },
  },
})
// The start's profile check tells the device's copy from the server's answer (profile-answers.ts).
trackProfileAnswers(queryClient)

/**
 * What the device keeps of a query is its last good answer: a refetch that failed (offline, the
 * server away) leaves the data in memory under an error status, and saving that state would drop
 * the answer, so the next start offline would have no profile at all (found by the offline journey
 * reloading twice without a connection; decisions.md "The device keeps the last good answer
 * (offline starts)"). Saved as the success it was.
 */
export function lastGoodAnswers(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error' && query.state.data !== undefined
      ? {
          ...query,
          state: {
            ...query.state,
            status: 'success' as const,
            error: null,
            fetchFailureCount: 0,
            fetchFailureReason: null,
          },
        }
      : query,
  )
  return { ...client, clientState: { ...client.clientState, queries } }
}

/**
 * Opt-in: only queries marked `meta: { persist: true }` (profile, dictionaries, settings), with an
 * answer (their last good one, should a later refetch have failed: lastGoodAnswers).
 */
export function keptOnDevice(query: { state: { data: unknown }; meta?: Record<string, unknown> }): boolean {
  return query.state.data !== undefined && query.meta?.persist === true
}

export const queryPersister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: 'lektorium-query-cache',
  serialize: (client) => JSON.stringify(lastGoodAnswers(client)),
})

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: queryPersister,
  maxAge: 7 * DAY_MS,
  // A new build discards the cache saved by the old one (its shapes may have changed).
  buster: import.meta.env.VITE_BUILD_ID ?? 'dev',
  dehydrateOptions: {
    shouldDehydrateQuery: keptOnDevice,
  },
}

/** Forgets every cached answer, in memory and in storage. */
export async function clearQueryCaches(): Promise<void> {
  await queryClient.cancelQueries()
  queryClient.clear()
  await queryPersister.removeClient()
}
