import type { DashboardScreenKey } from '../config/screens.ts'

// The dashboard screens' chunks (decisions.md "The dashboards' first load: fewer, larger chunks"),
// by the screen's name in config/screens.ts. The routes load them when they render; a signed-in
// cold start also begins the current screen's at once (preload-screen.ts, which also loads the
// layout's own chunk).

/**
 * The rooms' chunks are named in dashboard-screens.tsx only: here their loaders would join the
 * entry, and the login's budget has no room left.
 */
export type PreloadedScreenKey = Exclude<DashboardScreenKey, 'videoCallVonage' | 'videoCallLearnCube'>

export const dashboardChunks = {
  setLessons: () => import('../features/scheduling/set-lessons-screen.tsx'),
  myLessons: () => import('./my-lessons-route.tsx'),
  profile: () => import('../features/profile/profile-screen.tsx'),
  studentProfile: () => import('../features/people/student-profile-screen.tsx'),
  teacher: () => import('../features/people/teacher-summary-screen.tsx'),
  itTeachers: () => import('../features/it-teachers/it-teachers-screen.tsx'),
  aiLesson: () => import('../features/ai-lesson/ai-lesson-screen.tsx'),
  voiceConfirmation: () => import('../features/voice-sample/voice-confirmation-screen.tsx'),
} satisfies Record<PreloadedScreenKey, () => Promise<unknown>>
