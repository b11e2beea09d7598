import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Profile } from '../../domain/api/profile.ts'
import { isPartnerCompany } from '../config/partner.ts'
import { paths } from '../config/paths.ts'

export type NavLinkItem = {
  key: 'my-lessons' | 'set-lessons' | 'ai-lesson' | 'it-teachers'
  to: string
  label: MessageDescriptor
}

export type NavProfile = Pick<
  Profile,
  'role' | 'human_access' | 'ai_access' | 'only_group_lessons' | 'company_name'
>

const myLessons: NavLinkItem = { key: 'my-lessons', to: paths.myLessons, label: msg`Moje lekcje` }
const setLessons: NavLinkItem = { key: 'set-lessons', to: paths.setLessons, label: msg`Umów lekcję` }
const aiLesson: NavLinkItem = { key: 'ai-lesson', to: paths.aiLesson, label: msg`Lekcja z AI` }
const itTeachers: NavLinkItem = { key: 'it-teachers', to: paths.itTeachers, label: msg`Lektorzy IT` }

/** The top navigation's links for this user (product-rules.md "Screens and routes"). */
export function navLinks(profile: NavProfile, partnerName?: string): NavLinkItem[] {
  if (profile.role === 'teacher') return [myLessons]
  const links: NavLinkItem[] = []
  if (profile.human_access) links.push(myLessons)
  if (profile.human_access && !profile.only_group_lessons) links.push(setLessons)
  if (profile.ai_access) links.push(aiLesson)
  if (isPartnerCompany(profile.company_name, partnerName)) links.push(itTeachers)
  return links
}
