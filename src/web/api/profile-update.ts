import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Profile } from '../../domain/api/profile.ts'
import { profileResponse } from '../../domain/api/profile.ts'
import type { StudentUpdate, TeacherUpdate } from '../../domain/api/profile-update.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { activateLocale, isLocale } from '../config/i18n.ts'
import { ApiError } from './api-error.ts'
import { http } from './http.ts'
import { profileKeys } from './profile.ts'
import { getSession, type Session } from './session.ts'
import { waitAtLeast } from './wait-at-least.ts'

// POST /students/update and /teachers/update (the path follows the role: product-rules.md "Roles
// and permissions"). A call carries one group of fields (src/domain/api/profile-update.ts); the
// answer is the updated profile, which replaces the cached one.

export const profileUpdateKeys = {
  all: ['profile-update'] as const,
  fields: () => [...profileUpdateKeys.all, 'fields'] as const,
  files: () => [...profileUpdateKeys.all, 'files'] as const,
}

/** A payload already checked by the role's schema (its output: trimmed, capitalised, …). */
export type ProfileUpdate = StudentUpdate | TeacherUpdate

export const profileUpdatePath = (role: Session['role']) =>
  role === 'teacher' ? '/teachers/update' : '/students/update'

/** The signed-in session; without one, the 401 the server would answer. */
export function requireSession(): Session {
  const session = getSession()
  if (!session) throw new ApiError({ kind: 'http', status: 401, message: 'Not signed in' })
  return session
}

/**
 * Sends one group of fields as JSON. Field errors (400) and the wrong current password (422) are
 * shown in the dialog, hence `inline`; server errors still reach the global alert (product-rules.md
 * "Errors").
 */
export async function updateProfile(payload: ProfileUpdate): Promise<Profile> {
  const session = requireSession()
  const answer = await http.post(profileUpdatePath(session.role), profileResponse, {
    json: payload,
    inline: true,
  })
  return answer.data
}

/** Puts the updated profile into the cache (its signed file URLs come fresh with it). */
export function storeProfile(queryClient: QueryClient, profile: Profile): void {
  const session = getSession()
  if (!session || session.userId !== profile.id) return
  queryClient.setQueryData(profileKeys.me(session.role, session.userId), profile)
}

/**
 * Saves one group of profile fields. On success the cached profile is replaced and, when the locale
 * was saved, the interface switches to it. The spinner shows at least 300 ms (product-rules.md
 * "Constants and limits").
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: profileUpdateKeys.fields(),
    // Updates of one profile run in order, so quick successive changes cannot overtake each other.
    scope: { id: 'profile-update' },
    mutationFn: (payload: ProfileUpdate) => waitAtLeast(updateProfile(payload), SPINNER_MIN_MS),
    onSuccess: (profile, payload) => {
      storeProfile(queryClient, profile)
      if (isLocale(payload.locale)) void activateLocale(payload.locale)
    },
  })
}
