import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { type TeacherSearchPage, teacherSearchResponse } from '../../domain/api/teachers.ts'
import type { Db } from '../db/client.ts'
import {
  languages,
  levels,
  specializations,
  teacherSpecializations,
  teacherTaughtLanguages,
  teacherTeachingLanguages,
  timeSlots,
  users,
} from '../db/schema.ts'
import { lessons } from '../db/schema-lessons.ts'
import type { User } from '../platform/sessions.ts'
import type { TestApp } from './build-test-app.ts'
import { createUser, signIn } from './fixtures.ts'
import { get } from './http.ts'

// Teachers with languages, slots and lessons written straight into the database (for the search and
// allowed-students tests): search and allowed students are tested without going through booking.

const LESSON_MS = 45 * 60_000

/** Dictionary ids by name (English, B2, it, …) of the test database. */
export async function dictionaryIds(db: Db) {
  const byName =
    (rows: { id: number; name: string }[]) =>
    (name: string): number => {
      const id = rows.find((row) => row.name === name)?.id
      if (id === undefined) throw new Error(`no dictionary entry ${name}`)
      return id
    }
  return {
    language: byName(await db.select({ id: languages.id, name: languages.name }).from(languages)),
    level: byName(await db.select({ id: levels.id, name: levels.name }).from(levels)),
    specialization: byName(
      await db.select({ id: specializations.id, name: specializations.name }).from(specializations),
    ),
  }
}

export type TeacherSkills = {
  /** [language id, level id] */
  taught?: [number, number][]
  teaching?: number[]
  /** [language id, specialization id] */
  specializations?: [number, number][]
}

/** An active (verified) teacher with the given skills and profile values. */
export async function createTeacher(
  db: Db,
  skills: TeacherSkills = {},
  values: Partial<typeof users.$inferInsert> = {},
): Promise<User> {
  const teacher = await createUser(db, {
    role: 'teacher',
    status: 'active',
    firstName: 'Anna',
    lastName: 'Nowak',
    ...values,
  })
  const teacherId = teacher.id
  for (const [languageId, levelId] of skills.taught ?? []) {
    await db.insert(teacherTaughtLanguages).values({ teacherId, languageId, levelId })
  }
  for (const languageId of skills.teaching ?? []) {
    await db.insert(teacherTeachingLanguages).values({ teacherId, languageId })
  }
  for (const [languageId, specializationId] of skills.specializations ?? []) {
    await db.insert(teacherSpecializations).values({ teacherId, languageId, specializationId })
  }
  return teacher
}

/** A 45-minute slot of the teacher starting at `startsAt` (an ISO instant). */
export async function addSlot(db: Db, teacherId: string, startsAt: string) {
  const start = new Date(startsAt)
  const [slot] = await db
    .insert(timeSlots)
    .values({ teacherId, startsAt: start, endsAt: new Date(start.getTime() + LESSON_MS) })
    .returning()
  if (!slot) throw new Error('insert returned no row')
  return slot
}

/** A lesson of the student in the slot (cancelled when `cancelledAt` is given). */
export async function addLesson(
  db: Db,
  input: {
    student: User
    slot: typeof timeSlots.$inferSelect
    languageId: number
    levelId: number
    cancelledAt?: Date
  },
) {
  await db.insert(lessons).values({
    studentId: input.student.id,
    teacherId: input.slot.teacherId,
    timeSlotId: input.slot.id,
    languageId: input.languageId,
    levelId: input.levelId,
    startsAt: input.slot.startsAt,
    endsAt: input.slot.endsAt,
    cancelledAt: input.cancelledAt ?? null,
  })
}

/** Removes every teacher (their lessons first: a booked slot cannot be deleted). */
export async function removeTeachers(db: Db): Promise<void> {
  await db.delete(lessons)
  await db.delete(users).where(eq(users.role, 'teacher'))
}

/** A signed-in token for a user created by the fixtures. */
export const tokenOf = async (t: TestApp, user: User) => (await signIn(t.app, user.email)).token

export const searchTeachers = (t: TestApp, token: string, query: Record<string, string> = {}) =>
  get(t.app, `/teachers/search?${new URLSearchParams(query)}`, token)

export const parseSearch = (body: unknown): TeacherSearchPage => v.parse(teacherSearchResponse, body)
