import type { QueryClient } from '@tanstack/react-query'
import { Suspense } from 'react'
import { groupLessonsCountQueryOptions, scheduledLessonsQueryOptions } from '../api/my-lessons.ts'
import { useProfile } from '../api/profile.ts'
import { MyLessonsScreen } from '../features/my-lessons/my-lessons-screen.tsx'
import { lazyComponent } from '../ui/lazy-component.tsx'

// Only teachers have the schedule panel (its week editor, time pickers and dialogs): it is a
// chunk of its own, so a student's my-lessons does without it.
const TeacherSchedule = lazyComponent(async () => (await import('./teacher-schedule.tsx')).TeacherSchedule)

/**
 * my-lessons: the lessons for everyone; a teacher also gets the schedule panel (SetLesson and
 * EditAllowedStudents) below them.
 */
export function MyLessonsRoute() {
  const profile = useProfile().data
  if (!profile) return null
  const schedulePanel =
    profile.role === 'teacher' ? (
      <Suspense fallback={null}>
        <TeacherSchedule profile={profile} />
      </Suspense>
    ) : undefined
  return <MyLessonsScreen profile={profile} schedulePanel={schedulePanel} />
}

/**
 * What my-lessons always shows, whatever its tab: the scheduled lessons and whether there are group
 * lessons. A signed-in start on my-lessons asks for them once this chunk has arrived, alongside the
 * profile, not after the screen has rendered (app/preload-screen.ts).
 */
export function prefetchScreen(client: QueryClient): void {
  void client.prefetchQuery(scheduledLessonsQueryOptions())
  void client.prefetchQuery(groupLessonsCountQueryOptions())
}
