// The route table's paths (product-rules.md "Screens and routes"), shared by the router and the
// navigation guard.

export const paths = {
  root: '/',
  login: '/login',
  loginAs: '/login/:id',
  registration: '/registration',
  passwordReset: '/password-reset',
  passwordResetNew: '/password-reset/new',
  invitation: '/invitation',
  dashboard: '/dashboard',
  setLessons: '/dashboard/set-lessons',
  myLessons: '/dashboard/my-lessons',
  aiLesson: '/dashboard/ai-lesson',
  itTeachers: '/dashboard/it-teachers',
  profile: '/dashboard/profile',
  studentProfile: '/dashboard/student-profile/:id',
  teacher: '/dashboard/teacher/:id',
  videoCallVonage: '/dashboard/video-call-vonage',
  videoCallLearnCube: '/dashboard/video-call-learn-cube',
  voiceConfirmation: '/dashboard/voice-confirmation',
  /** The school's console, for operators only; its screens route inside its chunk. */
  admin: '/admin',
  adminAll: '/admin/*',
} as const

/** /login/{id} accepts these ids only. */
export const LOGIN_ROLES = ['teacher', 'student'] as const

/** Where a screen the user may not open sends them (product-rules.md "Navigation guard"). */
export const profileRedirect = (screen: 'set-lessons' | 'my-lessons' | 'ai-lesson') =>
  `${paths.profile}?redirect=${screen}`

/**
 * `room=builtin` in the call's query asks for the ordinary room even for a cube lesson, the
 * fallback the cube screen offers when the school has no LearnCube classroom.
 */
export const BUILTIN_ROOM_PARAM = { name: 'room', value: 'builtin' } as const

/** The ordinary room's address for the same query (`?lesson_id=…`), asking for the built-in room. */
export function builtinRoomPath(search: string): string {
  const query = new URLSearchParams(search)
  query.set(BUILTIN_ROOM_PARAM.name, BUILTIN_ROOM_PARAM.value)
  return `${paths.videoCallVonage}?${query}`
}

/** Whether a call's query asks for the ordinary room (see BUILTIN_ROOM_PARAM). */
export const asksForBuiltinRoom = (search: string) =>
  new URLSearchParams(search).get(BUILTIN_ROOM_PARAM.name) === BUILTIN_ROOM_PARAM.value
