import { DEMO_STUDENTS } from './demo-students.ts'
import { DEMO_TEACHERS } from './demo-teachers.ts'

/** Every demo account shares this password (README, `npm start` banner). */
export const DEMO_PASSWORD = 'Lektorium2026!'

/** What every demo account has, whatever its role. */
export type DemoPerson = {
  email: string
  firstName: string
  lastName: string
  phoneNumber: string
  dateOfBirth: string
  locale: 'pl' | 'en'
}

export type DemoAccount = { email: string; role: 'student' | 'teacher'; description: string }

export const DEMO_ACCOUNTS: DemoAccount[] = [
  ...DEMO_TEACHERS.map((t) => ({ email: t.email, role: 'teacher' as const, description: t.summary })),
  ...DEMO_STUDENTS.map((s) => ({ email: s.email, role: 'student' as const, description: s.summary })),
]
