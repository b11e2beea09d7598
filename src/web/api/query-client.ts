import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { QueryClient } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { ApiError } from './api-error.ts'

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

export const queryPersister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: 'lektorium-query-cache',
})

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: queryPersister,
  maxAge: 7 * DAY_MS,
  // A new build discards the cache saved by the old one (its shapes may have changed).
  buster: import.meta.env.VITE_BUILD_ID ?? 'dev',
  dehydrateOptions: {
    // Opt-in: only queries marked `meta: { persist: true }` (profile, dictionaries, settings).
    shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist === true,
  },
}

/** Forgets every cached answer, in memory and in storage. */
export async function clearQueryCaches(): Promise<void> {
  await queryClient.cancelQueries()
  queryClient.clear()
  await queryPersister.removeClient()
}
