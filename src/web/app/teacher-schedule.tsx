import type { Profile } from '../../domain/api/profile.ts'
import { AllowedStudentsButton } from '../features/allowed-students/allowed-students-button.tsx'
import { TeacherSchedulePanel } from '../features/timetable/teacher-schedule-panel.tsx'

/** The teacher's part of my-lessons: the schedule panel with EditAllowedStudents. */
export function TeacherSchedule({ profile }: { profile: Profile }) {
  return <TeacherSchedulePanel profile={profile} actions={<AllowedStudentsButton />} />
}
