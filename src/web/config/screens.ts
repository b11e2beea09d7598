import type { AccountRole } from '../../domain/api/common.ts'
import type { Profile } from '../../domain/api/profile.ts'
import { isPartnerCompany } from './partner.ts'
import { paths, profileRedirect } from './paths.ts'

// The app's screens, one entry each (product-rules.md "Screens and routes"): its path, who may open
// it (the navigation guard, guard.ts, reads these), and its link in the top navigation. A
// dashboard screen's chunk is app/screen-chunks.ts's, keyed by the same name: config/ sits below
// the features, and the compiler asks for a chunk for every key here (docs/decisions.md "One
// table of screens").

export type ScreenSession = { role: AccountRole; registrationCompleted: boolean; groupLessons: boolean }
export type ScreenProfile = Pick<Profile, 'human_access' | 'ai_access' | 'company_name'>
/** `partnerName` left out: the build's (partner.ts). */
export type ScreenViewer = { role: AccountRole; profile: ScreenProfile; partnerName?: string | undefined }
export type NavViewer = ScreenViewer & { profile: Pick<Profile, 'only_group_lessons'> }

export type Screen = {
  path: string
  /**
   * `login`: signed-out visitors only; `open`: anyone (sign-up and the e-mailed links);
   * `signed-in`: a signed-in student or teacher.
   */
  access: 'login' | 'open' | 'signed-in'
  /** Where a signed-in session goes instead, before its profile is known (null: it may stay). */
  forSession?: (session: ScreenSession) => string | null
  /** Where the viewer goes instead once the profile is known (null: it may stay). */
  forProfile?: (viewer: ScreenViewer) => string | null
  /** Its link in the top navigation (in this table's order), and to whom it shows. */
  nav?: (viewer: NavViewer) => boolean
}

const student = (viewer: { role: AccountRole }) => viewer.role !== 'teacher'

export const screens = {
  login: { path: paths.login, access: 'login' },
  loginAs: { path: paths.loginAs, access: 'login' },
  registration: { path: paths.registration, access: 'open' },
  passwordReset: { path: paths.passwordReset, access: 'open' },
  passwordResetNew: { path: paths.passwordResetNew, access: 'open' },
  invitation: { path: paths.invitation, access: 'open' },
  myLessons: {
    path: paths.myLessons,
    access: 'signed-in',
    forProfile: ({ role, profile }) =>
      !profile.human_access && role !== 'teacher' ? profileRedirect('my-lessons') : null,
    nav: ({ role, profile }) => role === 'teacher' || profile.human_access,
  },
  setLessons: {
    path: paths.setLessons,
    access: 'signed-in',
    // Teachers and group-only students book nothing here.
    forSession: (session) => (session.role === 'teacher' || session.groupLessons ? paths.myLessons : null),
    // An AI-only student lands on their AI lesson, not on a warning about an access never sold.
    forProfile: ({ role, profile }) => {
      if (profile.human_access) return null
      return profile.ai_access && role === 'student' ? paths.aiLesson : profileRedirect('set-lessons')
    },
    nav: (viewer) => student(viewer) && viewer.profile.human_access && !viewer.profile.only_group_lessons,
  },
  aiLesson: {
    path: paths.aiLesson,
    access: 'signed-in',
    forProfile: ({ profile }) => (profile.ai_access ? null : profileRedirect('ai-lesson')),
    nav: (viewer) => student(viewer) && viewer.profile.ai_access,
  },
  itTeachers: {
    path: paths.itTeachers,
    access: 'signed-in',
    forProfile: ({ profile, partnerName }) =>
      isPartnerCompany(profile.company_name, partnerName) ? null : paths.myLessons,
    nav: (viewer) => student(viewer) && isPartnerCompany(viewer.profile.company_name, viewer.partnerName),
  },
  profile: { path: paths.profile, access: 'signed-in' },
  studentProfile: {
    path: paths.studentProfile,
    access: 'signed-in',
    forSession: (session) => (session.role === 'teacher' ? null : paths.setLessons),
  },
  teacher: { path: paths.teacher, access: 'signed-in' },
  videoCallVonage: { path: paths.videoCallVonage, access: 'signed-in' },
  videoCallLearnCube: { path: paths.videoCallLearnCube, access: 'signed-in' },
  voiceConfirmation: { path: paths.voiceConfirmation, access: 'signed-in' },
} satisfies Record<string, Screen>

export type ScreenKey = keyof typeof screens
/** The screens inside the dashboard's layout, each a chunk of its own. */
export type DashboardScreenKey = {
  [K in ScreenKey]: (typeof screens)[K]['access'] extends 'signed-in' ? K : never
}[ScreenKey]
/** The screens with a link in the top navigation. */
export type NavScreenKey = {
  [K in ScreenKey]: (typeof screens)[K] extends { nav: unknown } ? K : never
}[ScreenKey]

const isScreenKey = (key: string): key is ScreenKey => key in screens
/** Every screen's name, in the table's order (the navigation's order). */
export const screenKeys: readonly ScreenKey[] = Object.keys(screens).filter(isScreenKey)
/** A screen's entry, as any screen (its optional rules included). */
export const screenOf = (key: ScreenKey): Screen => screens[key]
