import { useProfile } from '../api/profile.ts'
import { AllowedStudentsButton } from '../features/allowed-students/allowed-students-button.tsx'
import { MyLessonsScreen } from '../features/my-lessons/my-lessons-screen.tsx'
import { TeacherSchedulePanel } from '../features/timetable/teacher-schedule-panel.tsx'

/**
 * my-lessons (spec §2, issue #5): the lessons for everyone; a teacher also gets the schedule panel
 * of issue #4 (SetLesson and EditAllowedStudents) below them.
 */
export function MyLessonsRoute() {
  const profile = useProfile().data
  if (!profile) return null
  const schedulePanel =
    profile.role === 'teacher' ? (
      <TeacherSchedulePanel profile={profile} actions={<AllowedStudentsButton />} />
    ) : undefined
  return <MyLessonsScreen profile={profile} schedulePanel={schedulePanel} />
}
