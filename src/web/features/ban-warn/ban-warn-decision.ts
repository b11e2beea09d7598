import type { Profile } from '../../../domain/api/profile.ts'

// product-rules.md "Warning and ban": students get a warning first, then a ban, on repeated late
// cancellations. A student with warned_at sees the warning dialog at start, once per sign-in
// (docs/decisions.md); a student whose ban has not ended sees the ban dialog and is logged out when
// it closes.

export type BanWarnKind = 'ban' | 'warn'

type BanWarnProfile = Pick<Profile, 'id' | 'role' | 'warned_at' | 'banned_until'>

export const WARNING_SEEN_KEY = 'ban_warning_seen'

/** One sign-in of one user and one warning: a new sign-in or a new warning shows it again. */
export const warningSeenValue = (profile: BanWarnProfile, sessionStartedAt: string) =>
  `${profile.id}|${sessionStartedAt}|${profile.warned_at ?? ''}`

export function banWarnDecision(
  profile: BanWarnProfile,
  now: number,
  warningSeen: boolean,
): BanWarnKind | null {
  // Only students get the ban or warning alert.
  if (profile.role !== 'student') return null
  const bannedUntil = profile.banned_until ? Date.parse(profile.banned_until) : Number.NaN
  if (bannedUntil > now) return 'ban'
  if (profile.warned_at && !warningSeen) return 'warn'
  return null
}
