import { matchPath } from 'react-router-dom'
import type { AccountRole } from '../../domain/api/common.ts'
import type { Profile } from '../../domain/api/profile.ts'
import { isPartnerCompany } from './partner.ts'
import { LOGIN_ROLES, paths, profileRedirect } from './paths.ts'

export type GuardSession = { role: AccountRole; registrationCompleted: boolean; groupLessons: boolean } | null
export type GuardProfile = Pick<Profile, 'human_access' | 'ai_access' | 'company_name'>

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

const loginPaths = [paths.login, paths.loginAs]
const registrationPaths = [paths.registration]
// The e-mailed links (password reset, invitation) work whether or not someone is signed in.
const publicPaths = [paths.passwordReset, paths.passwordResetNew, paths.invitation]
const knownPaths = [
  ...loginPaths,
  ...registrationPaths,
  ...publicPaths,
  paths.setLessons,
  paths.myLessons,
  paths.aiLesson,
  paths.itTeachers,
  paths.profile,
  paths.studentProfile,
  paths.teacher,
  paths.videoCallVonage,
  paths.videoCallLearnCube,
  paths.voiceConfirmation,
]

const matchesAny = (patterns: readonly string[], path: string) =>
  patterns.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null)

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
 * The dashboard screens' own access rules (the routes table of product-rules.md "Screens and
 * routes"), once the profile is known.
 */
function screenAccessRedirect(path: string, role: AccountRole, profile: GuardProfile, partnerName: string) {
  // An AI-only student (the start screen is set-lessons) lands on their AI lesson screen, not on a
  // profile warning about an access they were never sold.
  if (path === paths.setLessons && !profile.human_access)
    return profile.ai_access && role === 'student' ? paths.aiLesson : profileRedirect('set-lessons')
  if (path === paths.myLessons && !profile.human_access && role !== 'teacher') {
    return profileRedirect('my-lessons')
  }
  if (path === paths.aiLesson && !profile.ai_access) return profileRedirect('ai-lesson')
  if (path === paths.itTeachers && !isPartnerCompany(profile.company_name, partnerName))
    return paths.myLessons
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
  if (matchesAny(registrationPaths, path) || matchesAny(publicPaths, path)) return null
  if (!session) return paths.login
  const teacher = session.role === 'teacher'
  if (path === paths.setLessons && (teacher || session.groupLessons)) return paths.myLessons
  if (!teacher && matchPath(paths.studentProfile, path)) return paths.setLessons
  if (!teacher && !session.registrationCompleted && !isLoginPath(input.fromPath)) return paths.registration
  return input.profile ? screenAccessRedirect(path, session.role, input.profile, input.partnerName) : null
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
