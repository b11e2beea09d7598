import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { type Timetable, timetableResponse } from '../../domain/api/timetables.ts'
import { timeSlots } from '../db/schema.ts'
import type { TestApp } from './build-test-app.ts'
import { createUser, signIn } from './fixtures.ts'
import { get, post } from './http.ts'

/** A verified (active) teacher and an active student, each signed in. */
export async function teacherAndStudent(t: TestApp, student: { activeUntil?: string } = {}) {
  const teacher = await createUser(t.database.db, { role: 'teacher', status: 'active' })
  const learner = await createUser(t.database.db, { role: 'student', ...student })
  const teacherToken = (await signIn(t.app, teacher.email, { remember: true })).token
  const studentToken = (await signIn(t.app, learner.email, { remember: true })).token
  return { teacher, student: learner, teacherToken, studentToken }
}

export const updateTimetable = (t: TestApp, token: string, payload: unknown) =>
  post(t.app, '/teachers/timetables/update', { token, payload })

export const showTimetable = (t: TestApp, token: string, query: Record<string, string>) =>
  get(t.app, `/teachers/timetables/show?${new URLSearchParams(query)}`, token)

export const parseTimetable = (body: unknown): Timetable => v.parse(timetableResponse, body).data

/** Date → slot times of a timetable, leaving out dates without slots. */
export function timesByDate(timetable: Timetable): Record<string, string[]> {
  return Object.fromEntries(
    timetable.timetable
      .filter((day) => day.slots.length > 0)
      .map((day) => [day.date, day.slots.map((s) => s.time)]),
  )
}

/** Every stored slot start of a teacher, as ISO strings in time order. */
export async function storedStarts(t: TestApp, teacherId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ startsAt: timeSlots.startsAt })
    .from(timeSlots)
    .where(eq(timeSlots.teacherId, teacherId))
  return rows.map((row) => row.startsAt.toISOString()).sort()
}
