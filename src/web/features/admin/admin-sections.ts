import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

// The console's sections (design.md "The school's console"), in the order of its navigation. A
// section is listed once its screen is built (admin-console.tsx routes them); the others follow
// their endpoints.

export type AdminSectionKey =
  | 'teachers'
  | 'students'
  | 'lessons'
  | 'group-classes'
  | 'absence'
  | 'lack-of-slots'
  | 'overview'
  | 'settings'
  | 'audit'

export type AdminSection = { key: AdminSectionKey; path: string; label: MessageDescriptor }

export const ADMIN_BASE = '/admin'

export const adminSections: AdminSection[] = [
  { key: 'teachers', path: 'teachers', label: msg`Lektorzy` },
  { key: 'students', path: 'students', label: msg`Kursanci` },
  { key: 'lessons', path: 'lessons', label: msg`Lekcje` },
  { key: 'group-classes', path: 'group-classes', label: msg`Zajęcia grupowe` },
  { key: 'absence', path: 'absence', label: msg`Zgłoszenia nieobecności` },
  { key: 'lack-of-slots', path: 'lack-of-slots', label: msg`Brakujące terminy` },
  { key: 'overview', path: 'overview', label: msg`Przegląd` },
  { key: 'settings', path: 'settings', label: msg`Ustawienia` },
  { key: 'audit', path: 'audit', label: msg`Dziennik zmian` },
]

export const sectionHref = (section: AdminSection) => `${ADMIN_BASE}/${section.path}`

/** The audit log's address filtered to one action (e.g. after a change: "see it in the log"). */
export const auditHref = (filters: { action?: string; target_type?: string; target_id?: string }) => {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => Boolean(value)))
  const search = query.toString()
  return `${ADMIN_BASE}/audit${search ? `?${search}` : ''}`
}
