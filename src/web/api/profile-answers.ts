import type { QueryClient } from '@tanstack/react-query'
import type { AccountRole } from '../../domain/api/common.ts'

// The profile's query keys and which of its answers came from the server on this visit: apart from
// profile.ts (which fetches through http.ts) so that the query client can note the answers without
// a cycle through the transport (query-client → profile → http → transport → end-session →
// query-client).

export const profileKeys = {
  all: ['profile'] as const,
  me: (role: AccountRole, userId: string) => [...profileKeys.all, 'me', role, userId] as const,
  none: () => [...profileKeys.all, 'none'] as const,
}

/**
 * The profile queries the server has answered since this page loaded, by query hash. Told apart by
 * how the answer came, not by its time stamp: a copy restored from the device is hydrated, an
 * answer is fetched. A stamp compared with the page's start holds only while the device's clock
 * never goes back (set by hand, corrected by the network, faked in a test), and a device's copy
 * that passed for the server's answer would undo a language saved since.
 */
const answeredHere = new Set<string>()

/** Notes each profile answer fetched from the server (not hydrated from the device, not set by hand). */
export function trackProfileAnswers(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (
      event.type === 'updated' &&
      event.action.type === 'success' &&
      !event.action.manual &&
      event.query.queryKey[0] === profileKeys.all[0]
    )
      answeredHere.add(event.query.queryHash)
  })
}

/** Whether the profile query (by hash) was answered by the server since this page loaded. */
export const answeredThisVisit = (queryHash: string): boolean => answeredHere.has(queryHash)
