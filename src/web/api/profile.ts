import { type QueryClient, queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import { type Profile, profileResponse } from '../../domain/api/profile.ts'
import { http } from './http.ts'
import { answeredThisVisit, profileKeys } from './profile-answers.ts'
import { type Session, useSession } from './session.ts'

export { answeredThisVisit, profileKeys, trackProfileAnswers } from './profile-answers.ts'

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
