import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  languages,
  levels,
  specializations,
  studentLearnedLanguages,
  teacherTaughtLanguages,
  timeSlots,
  users,
} from '../db/schema.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { storedFiles } from '../test-support/stored-files.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts'
import { seedDemoData, seedOnStart } from './seed.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const countOf = async (table: typeof users | typeof languages | typeof levels | typeof specializations) =>
  (await t.database.db.select({ n: count() }).from(table))[0]?.n

const signIn = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/sign_in', payload: { email, password: DEMO_PASSWORD } })

describe('demo seed', () => {
  it('seeds an empty database at start, and only an empty one', async () => {
    expect(await seedOnStart(t.ctx)).toEqual({ demoAccountsCreated: DEMO_ACCOUNTS.length })
    expect(await seedOnStart(t.ctx)).toEqual({ demoAccountsCreated: 0 })
    expect(await countOf(users)).toBe(DEMO_ACCOUNTS.length)
  })

  it('gives every demo teacher and some students a real picture in storage', async () => {
    const all = await t.database.db.select().from(users)
    const teachers = all.filter((u) => u.role === 'teacher')
    const students = all.filter((u) => u.role === 'student')
    for (const person of [...teachers, ...students.filter((s) => s.imageKey)]) {
      expect(person.imageKey, person.email).toMatch(/^[0-9a-f-]{36}\.png$/)
      expect(await t.storage.exists(person.imageKey ?? ''), person.email).toBe(true)
    }
    expect(students.filter((s) => s.imageKey).length).toBeGreaterThanOrEqual(3)
  })

  it('is idempotent when run again as the ops `seed` command', async () => {
    const files = await storedFiles(t.filesDir)
    expect(await seedDemoData(t.ctx)).toEqual({ created: 0 })
    expect(await storedFiles(t.filesDir)).toEqual(files)
    expect(await countOf(languages)).toBe(22)
    expect(await countOf(levels)).toBe(6)
    expect(await countOf(specializations)).toBe(9)
    expect(await countOf(users)).toBe(DEMO_ACCOUNTS.length)
  })

  it('has at least 8 verified teachers with languages, and one awaiting verification', async () => {
    const teachers = await t.database.db.select().from(users).where(eq(users.role, 'teacher'))
    const active = teachers.filter((u) => u.status === 'active')
    expect(active.length).toBeGreaterThanOrEqual(8)
    expect(teachers.filter((u) => u.status === 'pending_verification')).toHaveLength(1)
    for (const teacher of active) {
      expect(teacher.description?.length).toBeGreaterThanOrEqual(60)
      expect(teacher.description?.length).toBeLessThanOrEqual(1000)
      expect(teacher.iban).toMatch(/^[A-Z]{2}\d{2}[A-Z0-9]{1,34}$/)
      const taught = await t.database.db
        .select()
        .from(teacherTaughtLanguages)
        .where(eq(teacherTaughtLanguages.teacherId, teacher.id))
      expect(taught.length).toBeGreaterThan(0)
    }
  })

  it('gives every verified teacher a cyclical weekly schedule with slots in the schedule range', async () => {
    const teachers = await t.database.db.select().from(users).where(eq(users.role, 'teacher'))
    for (const teacher of teachers) {
      const slots = await t.database.db.select().from(timeSlots).where(eq(timeSlots.teacherId, teacher.id))
      const active = teacher.status === 'active'
      expect(teacher.hasCyclicalTimetable, teacher.email).toBe(active)
      if (active) expect(slots.length, teacher.email).toBeGreaterThanOrEqual(20)
      else expect(slots, teacher.email).toEqual([])
    }
  })

  it('covers the student cases the navigation and sign-in rules tell apart', async () => {
    const students = await t.database.db.select().from(users).where(eq(users.role, 'student'))
    const now = t.clock.now()
    const today = now.toISOString().slice(0, 10)
    expect(students.some((s) => s.humanAccess && !s.aiAccess)).toBe(true)
    expect(students.some((s) => !s.humanAccess && s.aiAccess)).toBe(true)
    expect(students.some((s) => s.humanAccess && s.aiAccess)).toBe(true)
    expect(students.some((s) => s.onlyGroupLessons)).toBe(true)
    expect(students.some((s) => s.companyName?.includes(t.config.partnerCompanyName))).toBe(true)
    expect(students.some((s) => s.warnedAt && !s.bannedUntil)).toBe(true)
    expect(students.some((s) => s.bannedUntil && s.bannedUntil > now)).toBe(true)
    expect(students.some((s) => s.activeUntil && s.activeUntil < today)).toBe(true)
    expect(students.some((s) => !s.registrationCompleted && s.passwordHash)).toBe(true)
    const learned = await t.database.db.select({ n: count() }).from(studentLearnedLanguages)
    expect(learned[0]?.n).toBeGreaterThan(0)
  })

  it('lets every active demo account sign in with the shared password', async () => {
    const accounts = await t.database.db.select().from(users)
    for (const account of accounts) {
      const response = await signIn(account.email)
      const banned = account.bannedUntil && account.bannedUntil > t.clock.now()
      const expected = account.status === 'pending_verification' || banned ? 403 : 200
      expect(response.statusCode, account.email).toBe(expected)
    }
  })
})
