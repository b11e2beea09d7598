import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { RouteObject } from 'react-router-dom'
import { useProfile } from '../api/profile.ts'
import { AiLessonScreen } from '../features/ai-lesson/ai-lesson-screen.tsx'
import { AllowedStudentsButton } from '../features/allowed-students/allowed-students-button.tsx'
import { ItTeachersScreen } from '../features/it-teachers/it-teachers-screen.tsx'
import { MyLessonsScreen } from '../features/my-lessons/my-lessons-screen.tsx'
import { StudentProfileScreen } from '../features/people/student-profile-screen.tsx'
import { TeacherSummaryScreen } from '../features/people/teacher-summary-screen.tsx'
import { ProfileScreen } from '../features/profile/profile-screen.tsx'
import { SetLessonsScreen } from '../features/scheduling/set-lessons-screen.tsx'
import { TeacherSchedulePanel } from '../features/timetable/teacher-schedule-panel.tsx'
import { ComingSoonPanel } from '../ui/coming-soon-panel.tsx'
import { dashboardChildPaths } from './paths.ts'

/**
 * The dashboard screens that later issues build. Each renders the shared, honest "coming soon"
 * panel; an issue that delivers a screen replaces its entry with the real route here.
 */
const comingSoon: { path: string; title: MessageDescriptor }[] = [
  // spec §2 video call routing: Join on my-lessons (issue #5) leads here.
  { path: dashboardChildPaths.videoCallVonage, title: msg`Lekcja wideo` },
  { path: dashboardChildPaths.videoCallLearnCube, title: msg`Lekcja wideo` },
  { path: dashboardChildPaths.voiceConfirmation, title: msg`Potwierdzenie głosu` },
]

function ComingSoonScreen({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui()
  return <ComingSoonPanel title={i18n._(title)} />
}

/**
 * my-lessons (spec §2, issue #5): the lessons for everyone; a teacher also gets the schedule panel
 * of issue #4 (SetLesson and EditAllowedStudents) below them.
 */
function MyLessonsRoute() {
  const profile = useProfile().data
  if (!profile) return null
  const schedulePanel =
    profile.role === 'teacher' ? (
      <TeacherSchedulePanel profile={profile} actions={<AllowedStudentsButton />} />
    ) : undefined
  return <MyLessonsScreen profile={profile} schedulePanel={schedulePanel} />
}

export const dashboardRoutes: RouteObject[] = [
  ...comingSoon.map(({ path, title }) => ({ path, element: <ComingSoonScreen title={title} /> })),
  // Issue #11: the AI-only student's first screen until the AI lesson is built.
  { path: dashboardChildPaths.aiLesson, element: <AiLessonScreen /> },
  // Issue #4: find a teacher and book lessons (spec §2 set-lessons).
  { path: dashboardChildPaths.setLessons, element: <SetLessonsScreen /> },
  // Issue #3: the profile (spec §2 profile) and the people pages (student-profile/{id}, teacher/{id}).
  { path: dashboardChildPaths.profile, element: <ProfileScreen /> },
  { path: dashboardChildPaths.studentProfile, element: <StudentProfileScreen /> },
  { path: dashboardChildPaths.teacher, element: <TeacherSummaryScreen /> },
  // Issue #5: my-lessons (with issue #4's schedule panel for teachers); issue #4: the IT teachers.
  { path: dashboardChildPaths.myLessons, element: <MyLessonsRoute /> },
  { path: dashboardChildPaths.itTeachers, element: <ItTeachersScreen /> },
]
