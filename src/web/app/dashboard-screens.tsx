import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { RouteObject } from 'react-router-dom'
import { StudentProfileScreen } from '../features/people/student-profile-screen.tsx'
import { TeacherSummaryScreen } from '../features/people/teacher-summary-screen.tsx'
import { ProfileScreen } from '../features/profile/profile-screen.tsx'
import { SetLessonsScreen } from '../features/scheduling/set-lessons-screen.tsx'
import { ComingSoonPanel } from '../ui/coming-soon-panel.tsx'
import { dashboardChildPaths } from './paths.ts'

/**
 * The dashboard screens that later issues build. Each renders the shared, honest "coming soon"
 * panel; an issue that delivers a screen replaces its entry with the real route here.
 */
const comingSoon: { path: string; title: MessageDescriptor }[] = [
  { path: dashboardChildPaths.myLessons, title: msg`Moje lekcje` },
  { path: dashboardChildPaths.aiLesson, title: msg`Lekcja z AI` },
  { path: dashboardChildPaths.itTeachers, title: msg`Lektorzy IT` },
]

function ComingSoonScreen({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui()
  return <ComingSoonPanel title={i18n._(title)} />
}

export const dashboardRoutes: RouteObject[] = [
  ...comingSoon.map(({ path, title }) => ({ path, element: <ComingSoonScreen title={title} /> })),
  // Issue #4: find a teacher and book lessons (spec §2 set-lessons).
  { path: dashboardChildPaths.setLessons, element: <SetLessonsScreen /> },
  // Issue #3: the profile (spec §2 profile) and the people pages (student-profile/{id}, teacher/{id}).
  { path: dashboardChildPaths.profile, element: <ProfileScreen /> },
  { path: dashboardChildPaths.studentProfile, element: <StudentProfileScreen /> },
  { path: dashboardChildPaths.teacher, element: <TeacherSummaryScreen /> },
]
