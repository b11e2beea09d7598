import { type ReactElement, Suspense } from 'react'
import { type RouteObject, useRoutes } from 'react-router-dom'
import { paths } from '../config/paths.ts'
import { type DashboardScreenKey, screenKeys, screenOf } from '../config/screens.ts'
import { lazyComponent } from '../ui/lazy-component.tsx'
import { dashboardChunks } from './screen-chunks.ts'

// Every dashboard screen is a chunk of its own, downloaded when first opened.
const SetLessonsScreen = lazyComponent(async () => (await dashboardChunks.setLessons()).SetLessonsScreen)
// The onboarding's step 6 reuses the voice-confirmation recorder: features do not import each
// other, so it is handed over here, and loads when the step first shows it.
const VoiceSampleRecorder = lazyComponent(
  async () => (await import('../features/voice-sample/voice-sample-recorder.tsx')).VoiceSampleRecorder,
)
const onboardingRecorder = (
  <Suspense fallback={null}>
    <VoiceSampleRecorder />
  </Suspense>
)
const ProfileScreen = lazyComponent(async () => (await dashboardChunks.profile()).ProfileScreen)
const StudentProfileScreen = lazyComponent(
  async () => (await dashboardChunks.studentProfile()).StudentProfileScreen,
)
const TeacherSummaryScreen = lazyComponent(async () => (await dashboardChunks.teacher()).TeacherSummaryScreen)
const MyLessonsRoute = lazyComponent(async () => (await dashboardChunks.myLessons()).MyLessonsRoute)
const ItTeachersScreen = lazyComponent(async () => (await dashboardChunks.itTeachers()).ItTeachersScreen)
const AiLessonScreen = lazyComponent(async () => (await dashboardChunks.aiLesson()).AiLessonScreen)
const VoiceConfirmationScreen = lazyComponent(
  async () => (await dashboardChunks.voiceConfirmation()).VoiceConfirmationScreen,
)
// Not among the shell's preloaded screens (preload-screen.ts): the login's budget has no room left.
const LessonRoomRoute = lazyComponent(async () => (await import('./lesson-room-route.tsx')).LessonRoomRoute)
// The same for LearnCube's classroom; LearnCube's own script loads only inside it.
const LearncubeScreen = lazyComponent(
  async () => (await import('../features/learncube/learncube-screen.tsx')).LearncubeScreen,
)

// Each dashboard screen of config/screens.ts, by its name: the compiler asks for one per screen.
const elements: Record<DashboardScreenKey, ReactElement> = {
  // The AI lesson, an AI-only student's first screen.
  aiLesson: <AiLessonScreen />,
  // set-lessons: find a teacher and book lessons.
  setLessons: <SetLessonsScreen voiceRecorder={onboardingRecorder} />,
  // The profile and the people pages (student-profile/{id}, teacher/{id}).
  profile: <ProfileScreen />,
  studentProfile: <StudentProfileScreen />,
  teacher: <TeacherSummaryScreen />,
  // my-lessons (with the schedule panel for teachers), and the IT teachers.
  myLessons: <MyLessonsRoute />,
  itTeachers: <ItTeachersScreen />,
  // voice-confirmation: the voice-sample check before a student's call.
  voiceConfirmation: <VoiceConfirmationScreen />,
  // video-call-vonage: the lesson room (keeping its query).
  videoCallVonage: <LessonRoomRoute />,
  // video-call-learn-cube: the cube variant, LearnCube's classroom embedded.
  videoCallLearnCube: <LearncubeScreen />,
}

const isDashboardScreen = (key: string): key is DashboardScreenKey => key in elements
// Relative to /dashboard, where the layout's route already is.
const dashboardRoutes: RouteObject[] = screenKeys.filter(isDashboardScreen).map((key) => ({
  path: screenOf(key).path.slice(paths.dashboard.length + 1),
  element: elements[key],
}))

/** The screen of the current /dashboard path (the routes above, relative to /dashboard). */
export function DashboardScreens() {
  return useRoutes(dashboardRoutes)
}
