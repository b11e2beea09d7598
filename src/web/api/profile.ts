import { type QueryClient, queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import type { AccountRole } from '../../domain/api/common.ts'
import { type Profile, profileResponse } from '../../domain/api/profile.ts'
import { http } from './http.ts'
import { type Session, useSession } from './session.ts'

export const profileKeys = {
  all: ['profile'] as const,
  me: (role: AccountRole, userId: string) => [...profileKeys.all, 'me', role, userId] as const,
  none: () => [...profileKeys.all, 'none'] as const,
}

/** product-rules.md "Roles and permissions": the profile path depends on the role. */
const fetchProfile =
  (session: Session) =>
  ({ signal }: { signal: AbortSignal }): Promise<Profile> =>
    http
      .get(session.role === 'teacher' ? '/teachers/me' : '/students/me', profileResponse, { signal })
      .then((answer) => answer.data)

export function profileQueryOptions(session: Session | null) {
  return queryOptions({
    queryKey: session ? profileKeys.me(session.role, session.userId) : profileKeys.none(),
    // An operator has no profile of the app (the console asks /operator/me).
    queryFn: session && session.role !== 'operator' ? fetchProfile(session) : skipToken,
    meta: { persist: true },
  })
}

/** The signed-in user's own profile; idle while logged out. */
export function useProfile() {
  return useQuery(profileQueryOptions(useSession()))
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

/**
 * The profile saved on the device renders at once, and the server confirms it on every start: the
 * device's copy is written at most once a second, so a change saved just before a reload (the
 * onboarding's onboarding_completed_at, a new voice sample) would otherwise stay unseen until it
 * went stale. An answer already on its way (the start's prefetch) is awaited and one received since
 * the page loaded is kept: neither is asked for twice.
 */
export function confirmProfile(client: QueryClient): Promise<void> {
  return client.invalidateQueries(
    {
      queryKey: profileKeys.all,
      predicate: (query) => !answeredThisVisit(query.queryHash),
    },
    { cancelRefetch: false },
  )
}
