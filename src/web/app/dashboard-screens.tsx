import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { RouteObject } from 'react-router-dom'
import { useProfile } from '../api/profile.ts'
import { AllowedStudentsButton } from '../features/allowed-students/allowed-students-button.tsx'
import { ItTeachersScreen } from '../features/it-teachers/it-teachers-screen.tsx'
import { StudentProfileScreen } from '../features/people/student-profile-screen.tsx'
import { TeacherSummaryScreen } from '../features/people/teacher-summary-screen.tsx'
import { ProfileScreen } from '../features/profile/profile-screen.tsx'
import { SetLessonsScreen } from '../features/scheduling/set-lessons-screen.tsx'
import { TeacherMyLessons } from '../features/timetable/teacher-my-lessons.tsx'
import { ComingSoonPanel } from '../ui/coming-soon-panel.tsx'
import { dashboardChildPaths } from './paths.ts'

/**
 * The dashboard screens that later issues build. Each renders the shared, honest "coming soon"
 * panel; an issue that delivers a screen replaces its entry with the real route here.
 */
const comingSoon: { path: string; title: MessageDescriptor }[] = [
  { path: dashboardChildPaths.aiLesson, title: msg`Lekcja z AI` },
]

function ComingSoonScreen({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui()
  return <ComingSoonPanel title={i18n._(title)} />
}

/**
 * my-lessons (spec §2): a teacher gets the schedule panel with SetLesson and EditAllowedStudents
 * (issue #4); the lesson lists themselves arrive with issue #5, so a student keeps the panel.
 */
function MyLessonsScreen() {
  const profile = useProfile().data
  if (profile?.role !== 'teacher') return <ComingSoonScreen title={msg`Moje lekcje`} />
  return <TeacherMyLessons profile={profile} actions={<AllowedStudentsButton />} />
}

export const dashboardRoutes: RouteObject[] = [
  ...comingSoon.map(({ path, title }) => ({ path, element: <ComingSoonScreen title={title} /> })),
  // Issue #4: find a teacher and book lessons (spec §2 set-lessons).
  { path: dashboardChildPaths.setLessons, element: <SetLessonsScreen /> },
  // Issue #3: the profile (spec §2 profile) and the people pages (student-profile/{id}, teacher/{id}).
  { path: dashboardChildPaths.profile, element: <ProfileScreen /> },
  { path: dashboardChildPaths.studentProfile, element: <StudentProfileScreen /> },
  { path: dashboardChildPaths.teacher, element: <TeacherSummaryScreen /> },
  // Issue #4: the teacher's schedule on my-lessons and the partner company's IT teachers.
  { path: dashboardChildPaths.myLessons, element: <MyLessonsScreen /> },
  { path: dashboardChildPaths.itTeachers, element: <ItTeachersScreen /> },
]
