import { describe, expect, it } from 'vitest'
import { type NavProfile, navLinks } from './nav-links.ts'

const student: NavProfile = {
  role: 'student',
  human_access: true,
  ai_access: false,
  only_group_lessons: false,
  company_name: null,
}
const keys = (profile: NavProfile, partner = 'Partner') => navLinks(profile, partner).map((link) => link.key)

describe('navLinks (the top navigation)', () => {
  it('gives a teacher My lessons only, whatever the flags', () => {
    const teacher: NavProfile = { ...student, role: 'teacher', ai_access: true, company_name: 'Partner' }
    expect(keys(teacher)).toEqual(['my-lessons'])
  })

  it('gives a student with human access My lessons and Schedule lesson', () => {
    expect(keys(student)).toEqual(['my-lessons', 'set-lessons'])
  })

  it('hides Schedule lesson from a group-lessons-only student', () => {
    expect(keys({ ...student, only_group_lessons: true })).toEqual(['my-lessons'])
  })

  it('hides human-lesson links without human access', () => {
    expect(keys({ ...student, human_access: false })).toEqual([])
    expect(keys({ ...student, human_access: false, ai_access: true })).toEqual(['ai-lesson'])
  })

  it('adds AI lesson with ai_access', () => {
    expect(keys({ ...student, ai_access: true })).toEqual(['my-lessons', 'set-lessons', 'ai-lesson'])
  })

  it('adds IT teachers only for the partner company (contains, any case)', () => {
    expect(keys({ ...student, company_name: 'Big partner S.A.' })).toEqual([
      'my-lessons',
      'set-lessons',
      'it-teachers',
    ])
    expect(keys({ ...student, company_name: 'Other S.A.' })).toEqual(['my-lessons', 'set-lessons'])
    expect(keys({ ...student, company_name: 'Globex' }, 'Globex')).toContain('it-teachers')
    expect(keys({ ...student, company_name: 'Globex' }, '')).not.toContain('it-teachers')
  })

  it('links to the dashboard screens in the product rules’ order', () => {
    const all = navLinks({ ...student, ai_access: true, company_name: 'Partner' }, 'Partner').map(
      (link) => link.to,
    )
    expect(all).toEqual([
      '/dashboard/my-lessons',
      '/dashboard/set-lessons',
      '/dashboard/ai-lesson',
      '/dashboard/it-teachers',
    ])
  })
})
