import { matchPath } from 'react-router-dom'
import { LOGIN_ROLES, paths } from './paths.ts'
import { type Screen, type ScreenProfile, type ScreenSession, screenKeys, screenOf } from './screens.ts'

export type GuardSession = ScreenSession | null
export type GuardProfile = ScreenProfile

export type GuardInput = {
  /** The pathname being opened. */
  path: string
  /** The pathname the user is coming from (null on the first load). */
  fromPath: string | null
  session: GuardSession
  /** The signed-in user's profile once loaded; its rules wait until then. */
  profile?: GuardProfile | undefined
  partnerName: string
}

const allScreens: readonly Screen[] = screenKeys.map(screenOf)
const pathsWith = (access: Screen['access']) =>
  allScreens.filter((screen) => screen.access === access).map((screen) => screen.path)
const loginPaths = pathsWith('login')
// Sign-up and the e-mailed links (password reset, invitation) work whether or not someone is signed in.
const openPaths = pathsWith('open')
const knownPaths = allScreens.map((screen) => screen.path)

const matchesAny = (patterns: readonly string[], path: string) =>
  patterns.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null)

/** The screen at `path` (its pattern matching), if any. */
const screenAt = (path: string): Screen | undefined =>
  allScreens.find((screen) => matchPath({ path: screen.path, end: true }, path) !== null)

function normalize(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '/'
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname
}

export const isLoginPath = (path: string | null) => path !== null && matchesAny(loginPaths, normalize(path))

/** The routes table's redirects, which apply before the guard (product-rules.md "Screens and routes"). */
function routeRedirect(path: string): string | null {
  if (path === paths.root || path === paths.dashboard) return paths.setLessons
  const login = matchPath(paths.loginAs, path)
  if (login && !LOGIN_ROLES.some((role) => role === login.params.id)) return paths.login
  if (!matchesAny(knownPaths, path)) return paths.root
  return null
}

/**
 * One step of the navigation guard (product-rules.md "Navigation guard"): where to go instead of
 * `path`, or null.
 */
export function resolveRedirect(input: GuardInput): string | null {
  const path = normalize(input.path)
  const { session } = input
  // An operator sees the console only. For anyone else its paths are unknown ones, which lead home
  // (students and teachers) or to the login page (signed out).
  if (session?.role === 'operator') return matchesAny([paths.adminAll], path) ? null : paths.admin
  const routed = routeRedirect(path)
  if (routed !== null) return routed
  if (isLoginPath(path)) {
    if (!session) return null
    return session.registrationCompleted ? paths.root : paths.registration
  }
  if (matchesAny(openPaths, path)) return null
  if (!session) return paths.login
  // The screen's own rules (config/screens.ts): first the session's, then the profile's.
  const screen = screenAt(path)
  const forSession = screen?.forSession?.(session) ?? null
  if (forSession !== null) return forSession
  if (session.role !== 'teacher' && !session.registrationCompleted && !isLoginPath(input.fromPath))
    return paths.registration
  if (!input.profile) return null
  return (
    screen?.forProfile?.({ role: session.role, profile: input.profile, partnerName: input.partnerName }) ??
    null
  )
}

/**
 * What /registration shows (product-rules.md "Navigation guard": registration paths are always
 * allowed, so the screen decides): the teacher sign-up for a signed-out visitor, the student's
 * three steps for a signed-in student whose registration is unfinished, and nothing (go to /) for
 * anyone else.
 */
export function registrationFlow(session: GuardSession): 'teacher' | 'student' | null {
  if (!session) return 'teacher'
  if (session.role === 'student' && !session.registrationCompleted) return 'student'
  return null
}

const MAX_REDIRECTS = 10

/**
 * Follows the guard's redirects to the final destination, so one navigation lands there
 * directly. Returns null when `path` itself may be shown.
 */
export function resolveDestination(input: GuardInput): string | null {
  let target: string | null = null
  for (let step = 0; step < MAX_REDIRECTS; step++) {
    const next = resolveRedirect({ ...input, path: target ?? input.path })
    if (next === null) return target
    target = next
  }
  return target
}
