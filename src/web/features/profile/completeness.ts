import type { Profile } from '../../../domain/api/profile.ts'
import {
  agreementsFilled,
  bankDataFilled,
  personalDataFilled,
  skillDataFilled,
} from '../../../domain/completeness.ts'

// The completeness checks of product-rules.md "Validation", as the profile's gentle notes: what is
// missing for this role.

export type Gap = 'personal_data' | 'bank_data' | 'skill_data' | 'agreements'

export function completenessGaps(profile: Profile): Gap[] {
  const gaps: Gap[] = []
  if (!personalDataFilled(profile)) gaps.push('personal_data')
  if (profile.role === 'teacher') {
    if (!bankDataFilled(profile)) gaps.push('bank_data')
    if (!skillDataFilled(profile)) gaps.push('skill_data')
  }
  if (!agreementsFilled(profile)) gaps.push('agreements')
  return gaps
}

/** Which part of skill data is missing, so the note opens the right dialog. */
export const descriptionMissing = (profile: Profile) => !profile.description?.trim()
export const languagesMissing = (profile: Profile) =>
  profile.taught_languages.length === 0 || profile.teaching_languages.length === 0
