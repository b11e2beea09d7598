import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Profile } from '../../domain/api/profile.ts'
import { type NavScreenKey, screenKeys, screenOf } from '../config/screens.ts'

// The top navigation's links: the screens of config/screens.ts that have a link, in its order,
// shown by each screen's own rule; their labels here, by the screen's name.

type NavKey = 'my-lessons' | 'set-lessons' | 'ai-lesson' | 'it-teachers'
export type NavLinkItem = { key: NavKey; to: string; label: MessageDescriptor }

export type NavProfile = Pick<
  Profile,
  'role' | 'human_access' | 'ai_access' | 'only_group_lessons' | 'company_name'
>

const links: Record<NavScreenKey, { key: NavKey; label: MessageDescriptor }> = {
  myLessons: { key: 'my-lessons', label: msg`Moje lekcje` },
  setLessons: { key: 'set-lessons', label: msg`Umów lekcję` },
  aiLesson: { key: 'ai-lesson', label: msg`Lekcja z AI` },
  itTeachers: { key: 'it-teachers', label: msg`Lektorzy IT` },
}

const isNavKey = (key: string): key is NavScreenKey => key in links

/** The top navigation's links for this user (product-rules.md "Screens and routes"). */
export function navLinks(profile: NavProfile, partnerName?: string): NavLinkItem[] {
  const viewer = { role: profile.role, profile, partnerName }
  return screenKeys.filter(isNavKey).flatMap((key) => {
    const screen = screenOf(key)
    return screen.nav?.(viewer) ? [{ ...links[key], to: screen.path }] : []
  })
}
