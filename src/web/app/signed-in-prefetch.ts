import type { QueryClient } from '@tanstack/react-query'
import {
  languagesQueryOptions,
  levelsQueryOptions,
  specializationsQueryOptions,
} from '../api/dictionaries.ts'
import { profileQueryOptions } from '../api/profile.ts'
import type { Session } from '../api/session.ts'
import { settingsQueryOptions } from '../api/settings.ts'

/**
 * Starts what every dashboard screen waits for: the profile (its access rules, product-rules.md
 * "Navigation guard") and the reference data (also kept for offline use). A signed-in start calls
 * it before the first render, so the answers travel alongside the screen's chunks instead of after
 * them; the dashboard calls it again when it mounts (a sign-in without a reload). Fresh answers are
 * not asked for twice.
 */
export function prefetchSignedInData(client: QueryClient, session: Session): void {
  // An operator's console asks for its own data (features/admin); these would be refused.
  if (session.role === 'operator') return
  void client.prefetchQuery(profileQueryOptions(session))
  void client.prefetchQuery(languagesQueryOptions())
  void client.prefetchQuery(levelsQueryOptions())
  void client.prefetchQuery(specializationsQueryOptions())
  void client.prefetchQuery(settingsQueryOptions())
}
