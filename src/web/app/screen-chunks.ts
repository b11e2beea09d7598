import { matchPath } from 'react-router-dom'
import { paths } from './paths.ts'

// The dashboard's chunks (issue #10). The routes load them when they render; a signed-in cold
// start also begins the current screen's at once, beside the layout's and the profile request,
// rather than after them (the layout shows its screen only once the profile is known).
export const dashboardChunks = {
  layout: () => import('./dashboard-layout.tsx'),
  setLessons: () => import('../features/scheduling/set-lessons-screen.tsx'),
  myLessons: () => import('./my-lessons-route.tsx'),
  profile: () => import('../features/profile/profile-screen.tsx'),
  studentProfile: () => import('../features/people/student-profile-screen.tsx'),
  teacher: () => import('../features/people/teacher-summary-screen.tsx'),
  itTeachers: () => import('../features/it-teachers/it-teachers-screen.tsx'),
  aiLesson: () => import('../features/ai-lesson/ai-lesson-screen.tsx'),
  voiceConfirmation: () => import('../features/voice-sample/voice-confirmation-screen.tsx'),
}

const screens: [string, () => Promise<unknown>][] = [
  [paths.setLessons, dashboardChunks.setLessons],
  [paths.myLessons, dashboardChunks.myLessons],
  [paths.profile, dashboardChunks.profile],
  [paths.studentProfile, dashboardChunks.studentProfile],
  [paths.teacher, dashboardChunks.teacher],
  [paths.itTeachers, dashboardChunks.itTeachers],
  [paths.aiLesson, dashboardChunks.aiLesson],
  [paths.voiceConfirmation, dashboardChunks.voiceConfirmation],
]

/** Starts downloading the dashboard layout and the screen of `pathname`, if it is one. */
export function preloadDashboardScreen(pathname: string): void {
  const screen = screens.find(([pattern]) => matchPath(pattern, pathname))
  if (!screen) return
  for (const load of [dashboardChunks.layout, screen[1]]) void load().catch(() => undefined)
}
