import type { Profile } from '../../../domain/api/profile.ts'
import { personalDataFilled, skillDataFilled } from '../../../domain/completeness.ts'
import { paths } from '../../config/paths.ts'

// product-rules.md "Navigation guard": set-lessons, my-lessons and ai-lesson send a user who may
// not open them to /dashboard/profile?redirect=<screen>. The profile says why and, once the
// requirement is met (the profile is refetched), returns the user there. Each requirement includes
// the guard's own access rule (guard.ts), so returning can never bounce back here
// (docs/decisions.md).

export const REDIRECT_TARGETS = ['set-lessons', 'my-lessons', 'ai-lesson'] as const
export type RedirectTarget = (typeof REDIRECT_TARGETS)[number]

/** What may stand between a user and the screen: access only the school grants, or own data. */
export type Requirement = 'human_access' | 'ai_access' | 'personal_data' | 'skill_data'

export type RequirementProfile = Parameters<typeof personalDataFilled>[0] &
  Pick<Profile, 'human_access' | 'ai_access'>

export function parseRedirectTarget(search: string): RedirectTarget | null {
  const value = new URLSearchParams(search).get('redirect')
  return REDIRECT_TARGETS.find((target) => target === value) ?? null
}

export const redirectPath: Record<RedirectTarget, string> = {
  'set-lessons': paths.setLessons,
  'my-lessons': paths.myLessons,
  'ai-lesson': paths.aiLesson,
}

/**
 * The requirements of each screen, in the order they are explained:
 * - set-lessons (booking): human lesson access and filled personal data, which the teacher needs to
 *   reach the student;
 * - my-lessons: human lesson access or the teacher role and personal data; a teacher also needs
 *   skill data (description and languages), without which no lesson can be booked;
 * - ai-lesson: AI lesson access and personal data.
 * Teachers cannot open set-lessons, so for them it means my-lessons.
 */
export function missingRequirements(target: RedirectTarget, profile: RequirementProfile): Requirement[] {
  const teacher = profile.role === 'teacher'
  const missing: Requirement[] = []
  if (target === 'ai-lesson') {
    if (!profile.ai_access) missing.push('ai_access')
  } else if (!teacher && !profile.human_access) missing.push('human_access')
  if (!personalDataFilled(profile)) missing.push('personal_data')
  if (teacher && target !== 'ai-lesson' && !skillDataFilled(profile)) missing.push('skill_data')
  return missing
}

/** Where to send the user now: the screen once nothing is missing, otherwise null (stay). */
export function redirectDestination(
  target: RedirectTarget | null,
  profile: RequirementProfile,
): string | null {
  if (target === null) return null
  return missingRequirements(target, profile).length === 0 ? redirectPath[target] : null
}
