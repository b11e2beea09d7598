import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type GuardInput,
  type GuardProfile,
  type GuardSession,
  registrationFlow,
  resolveDestination,
  resolveRedirect,
} from './guard.ts'

const student: GuardSession = { role: 'student', registrationCompleted: true, groupLessons: false }
const teacher: GuardSession = { role: 'teacher', registrationCompleted: true, groupLessons: false }
const unregistered: GuardSession = { role: 'student', registrationCompleted: false, groupLessons: false }
const operator: GuardSession = { role: 'operator', registrationCompleted: true, groupLessons: false }
const groupStudent: GuardSession = { role: 'student', registrationCompleted: true, groupLessons: true }
const fullAccess: GuardProfile = {
  human_access: true,
  ai_access: true,
  company_name: 'Acme Partner Sp. z o.o.',
}
const noAccess: GuardProfile = { human_access: false, ai_access: false, company_name: null }

const step = (path: string, session: GuardSession, extra: Partial<GuardInput> = {}) =>
  resolveRedirect({ path, fromPath: null, session, partnerName: 'Partner', ...extra })
const land = (path: string, session: GuardSession, extra: Partial<GuardInput> = {}) =>
  resolveDestination({ path, fromPath: null, session, partnerName: 'Partner', ...extra })

describe('routes table redirects', () => {
  it('sends / and /dashboard to set-lessons', () => {
    expect(step('/', student)).toBe('/dashboard/set-lessons')
    expect(step('/dashboard', student)).toBe('/dashboard/set-lessons')
    expect(step('/dashboard/', student)).toBe('/dashboard/set-lessons')
  })

  it('lands a teacher opening / on my-lessons', () => {
    expect(land('/', teacher)).toBe('/dashboard/my-lessons')
  })

  it('accepts /login/teacher and /login/student only', () => {
    expect(step('/login/teacher', null)).toBeNull()
    expect(step('/login/student', null)).toBeNull()
    expect(step('/login/admin', null)).toBe('/login')
    expect(step('/login/teacher/extra', null)).toBe('/')
  })

  it('sends unknown paths to /', () => {
    for (const path of ['/nope', '/dashboard/nope', '/dashboard/student-profile', '/registration/x/y/z/w']) {
      expect(step(path, student)).toBe('/')
    }
  })

  it('takes an unauthenticated user from an unknown path to /login', () => {
    expect(land('/whatever', null)).toBe('/login')
  })
})

describe('login paths', () => {
  it('are open to signed-out users', () => {
    expect(land('/login', null)).toBeNull()
  })

  it('send a registered user to / and then to the dashboard', () => {
    expect(step('/login', student)).toBe('/')
    expect(land('/login/student', student)).toBe('/dashboard/set-lessons')
  })

  it('send a user without completed registration to /registration', () => {
    expect(step('/login', unregistered)).toBe('/registration')
    expect(land('/login/teacher', unregistered)).toBe('/registration')
  })
})

describe('registration and e-mailed links', () => {
  it('always allows registration paths', () => {
    for (const session of [null, student, teacher, unregistered])
      expect(land('/registration', session)).toBeNull()
  })

  it('shows the teacher sign-up to a signed-out visitor', () => {
    expect(registrationFlow(null)).toBe('teacher')
  })

  it("shows a student's unfinished registration to that student", () => {
    expect(registrationFlow(unregistered)).toBe('student')
  })

  it('shows nothing to a registered student or any teacher (the screen sends them to /)', () => {
    expect(registrationFlow(student)).toBeNull()
    expect(registrationFlow(teacher)).toBeNull()
    expect(
      registrationFlow({ role: 'teacher', registrationCompleted: false, groupLessons: false }),
    ).toBeNull()
    expect(land('/', student)).toBe('/dashboard/set-lessons')
  })

  it('allows the password-reset and invitation links signed in or out', () => {
    for (const path of ['/password-reset', '/password-reset/new', '/invitation']) {
      expect(land(path, null)).toBeNull()
      expect(land(path, student)).toBeNull()
    }
  })
})

describe('signed-out users', () => {
  it('go to /login from every dashboard screen', () => {
    for (const path of [
      '/dashboard/my-lessons',
      '/dashboard/profile',
      '/dashboard/teacher/7',
      '/dashboard/ai-lesson',
    ]) {
      expect(step(path, null)).toBe('/login')
    }
  })
})

describe('set-lessons and student-profile', () => {
  it('sends a teacher to my-lessons', () => {
    expect(step('/dashboard/set-lessons', teacher)).toBe('/dashboard/my-lessons')
  })

  it('sends a group-lessons student to my-lessons', () => {
    expect(step('/dashboard/set-lessons', groupStudent)).toBe('/dashboard/my-lessons')
  })

  it('sends a non-teacher away from student-profile to set-lessons', () => {
    expect(step('/dashboard/student-profile/12', student)).toBe('/dashboard/set-lessons')
    expect(step('/dashboard/student-profile/12', teacher)).toBeNull()
  })
})

describe('unfinished registration', () => {
  it('sends a non-teacher to /registration', () => {
    expect(step('/dashboard/my-lessons', unregistered)).toBe('/registration')
    expect(step('/dashboard/profile', unregistered)).toBe('/registration')
  })

  it('lets them through when arriving from a login page', () => {
    expect(step('/dashboard/my-lessons', unregistered, { fromPath: '/login' })).toBeNull()
    expect(step('/dashboard/my-lessons', unregistered, { fromPath: '/login/student' })).toBeNull()
    expect(step('/dashboard/my-lessons', unregistered, { fromPath: '/dashboard/profile' })).toBe(
      '/registration',
    )
  })

  it('never applies to a teacher', () => {
    const unverifiedTeacher: GuardSession = {
      role: 'teacher',
      registrationCompleted: false,
      groupLessons: false,
    }
    expect(step('/dashboard/my-lessons', unverifiedTeacher)).toBeNull()
  })
})

describe('dashboard screen access (profile rules)', () => {
  it('waits for the profile before judging access', () => {
    expect(step('/dashboard/ai-lesson', student)).toBeNull()
    expect(step('/dashboard/it-teachers', student)).toBeNull()
  })

  it('set-lessons needs human_access', () => {
    expect(step('/dashboard/set-lessons', student, { profile: noAccess })).toBe(
      '/dashboard/profile?redirect=set-lessons',
    )
    expect(step('/dashboard/set-lessons', student, { profile: fullAccess })).toBeNull()
  })

  // An AI-only student landed on a warning on the profile.
  it('sends an AI-only student from set-lessons (the start screen) to the AI lesson', () => {
    const aiOnly: GuardProfile = { human_access: false, ai_access: true, company_name: null }
    expect(
      resolveDestination({
        path: '/',
        fromPath: null,
        session: student,
        profile: aiOnly,
        partnerName: 'Partner',
      }),
    ).toBe('/dashboard/ai-lesson')
  })

  it('my-lessons needs human_access or the teacher role', () => {
    expect(step('/dashboard/my-lessons', student, { profile: noAccess })).toBe(
      '/dashboard/profile?redirect=my-lessons',
    )
    expect(step('/dashboard/my-lessons', teacher, { profile: noAccess })).toBeNull()
    expect(step('/dashboard/my-lessons', student, { profile: fullAccess })).toBeNull()
  })

  it('ai-lesson needs ai_access', () => {
    expect(step('/dashboard/ai-lesson', student, { profile: noAccess })).toBe(
      '/dashboard/profile?redirect=ai-lesson',
    )
    expect(step('/dashboard/ai-lesson', student, { profile: fullAccess })).toBeNull()
  })

  it('it-teachers needs the partner company in the company name', () => {
    expect(step('/dashboard/it-teachers', student, { profile: fullAccess })).toBeNull()
    expect(
      step('/dashboard/it-teachers', student, { profile: { ...fullAccess, company_name: 'ACME PARTNER' } }),
    ).toBeNull()
    expect(
      step('/dashboard/it-teachers', student, { profile: { ...fullAccess, company_name: 'Other' } }),
    ).toBe('/dashboard/my-lessons')
    expect(step('/dashboard/it-teachers', student, { profile: noAccess })).toBe('/dashboard/my-lessons')
  })

  it('lands a student without any access on the profile in one navigation', () => {
    expect(land('/', student, { profile: noAccess })).toBe('/dashboard/profile?redirect=set-lessons')
    expect(land('/dashboard/it-teachers', student, { profile: noAccess })).toBe(
      '/dashboard/profile?redirect=my-lessons',
    )
  })

  it('always lets users open their profile and teacher summaries', () => {
    expect(land('/dashboard/profile', student, { profile: noAccess })).toBeNull()
    expect(land('/dashboard/teacher/5', student, { profile: noAccess })).toBeNull()
  })
})

const sessionArb: fc.Arbitrary<GuardSession> = fc.option(
  fc.record({
    role: fc.constantFrom('student' as const, 'teacher' as const, 'operator' as const),
    registrationCompleted: fc.boolean(),
    groupLessons: fc.boolean(),
  }),
)
const profileArb: fc.Arbitrary<GuardProfile | undefined> = fc.option(
  fc.record({
    human_access: fc.boolean(),
    ai_access: fc.boolean(),
    company_name: fc.constantFrom(null, 'Partner S.A.', 'Other'),
  }),
  { nil: undefined },
)
const pathArb = fc.oneof(
  fc.constantFrom(
    '/',
    '/login',
    '/login/teacher',
    '/login/student',
    '/login/x',
    '/registration',
    '/password-reset',
    '/password-reset/new',
    '/invitation',
    '/dashboard',
    '/dashboard/set-lessons',
    '/dashboard/my-lessons',
    '/dashboard/ai-lesson',
    '/dashboard/it-teachers',
    '/dashboard/profile',
    '/dashboard/student-profile/3',
    '/dashboard/teacher/9',
    '/admin',
    '/admin/settings',
  ),
  fc.webPath(),
)

describe('the guard as a whole', () => {
  it('always reaches a destination that it then allows (no loops)', () => {
    fc.assert(
      fc.property(pathArb, fc.option(pathArb), sessionArb, profileArb, (path, fromPath, session, profile) => {
        const input = { path, fromPath, session, profile, partnerName: 'Partner' }
        const destination = resolveDestination(input)
        if (destination === null) return
        expect(resolveRedirect({ ...input, path: destination })).toBeNull()
      }),
      { numRuns: 2000 },
    )
  })

  it('never shows a dashboard screen to a signed-out user', () => {
    fc.assert(
      fc.property(pathArb, fc.option(pathArb), (path, fromPath) => {
        const destination =
          resolveDestination({ path, fromPath, session: null, partnerName: 'Partner' }) ?? path
        expect(destination.startsWith('/dashboard')).toBe(false)
      }),
    )
  })
})

describe('the school console', () => {
  it('lands an operator on /admin from the login page and from every app path', () => {
    expect(land('/login', operator)).toBe('/admin')
    expect(land('/login/teacher', operator)).toBe('/admin')
    expect(land('/', operator)).toBe('/admin')
    for (const path of ['/dashboard/set-lessons', '/dashboard/my-lessons', '/dashboard/profile', '/nope'])
      expect(land(path, operator, { profile: fullAccess })).toBe('/admin')
  })

  it('shows the console to an operator, whatever its screen', () => {
    for (const path of ['/admin', '/admin/', '/admin/settings', '/admin/audit', '/admin/teachers/x'])
      expect(step(path, operator)).toBeNull()
  })

  it('never shows a console screen to a student or a teacher: they go to their home', () => {
    for (const path of ['/admin', '/admin/settings', '/admin/audit?action=x']) {
      expect(land(path, student, { profile: fullAccess })).toBe('/dashboard/set-lessons')
      expect(land(path, teacher, { profile: fullAccess })).toBe('/dashboard/my-lessons')
    }
  })

  it('sends a signed-out visitor of the console to the login page', () => {
    expect(land('/admin/settings', null)).toBe('/login')
  })
})
