import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import type { Role } from '../../domain/api/common.ts'
import { type Profile, profileResponse } from '../../domain/api/profile.ts'
import { http } from './http.ts'
import { type Session, useSession } from './session.ts'

export const profileKeys = {
  all: ['profile'] as const,
  me: (role: Role, userId: string) => [...profileKeys.all, 'me', role, userId] as const,
  none: () => [...profileKeys.all, 'none'] as const,
}

/** spec §6: the profile path depends on the role. */
const fetchProfile =
  (session: Session) =>
  ({ signal }: { signal: AbortSignal }): Promise<Profile> =>
    http
      .get(session.role === 'teacher' ? '/teachers/me' : '/students/me', profileResponse, { signal })
      .then((answer) => answer.data)

export function profileQueryOptions(session: Session | null) {
  return queryOptions({
    queryKey: session ? profileKeys.me(session.role, session.userId) : profileKeys.none(),
    queryFn: session ? fetchProfile(session) : skipToken,
    meta: { persist: true },
  })
}

/** The signed-in user's own profile; idle while logged out. */
export function useProfile() {
  return useQuery(profileQueryOptions(useSession()))
}
