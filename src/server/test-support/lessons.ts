import { and, eq, isNull } from 'drizzle-orm'
import * as v from 'valibot'
import { IDEMPOTENCY_HEADER, lessonCreateResponse } from '../../domain/api/lessons.ts'
import {
  type Timetable,
  type TimetableUpdateAnswer,
  timetableUpdateResponse,
} from '../../domain/api/timetables.ts'
import { teacherTaughtLanguages, type users } from '../db/schema.ts'
import { lessons } from '../db/schema-lessons.ts'
import type { TestApp } from './build-test-app.ts'
import { bearer } from './fixtures.ts'
import { signedInUser } from './sessions.ts'
import { parseTimetable, showTimetable, updateTimetable } from './timetables.ts'

// Booking fixtures. Dictionary ids of a freshly seeded database: English 1, Polish 2; levels A1–C2
// are 1–6 (rank = id).
export const ENGLISH = 1
export const POLISH = 2
export const B1 = 3
export const C1 = 5

export const everyDay = (intervals: { start: string; end: string }[]) =>
  Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, intervals]))

/** An active teacher who teaches English up to C1, with a session and a cyclical schedule. */
export async function bookableTeacher(
  t: TestApp,
  options: {
    weekdays?: Record<string, { start: string; end: string }[]>
    values?: Partial<typeof users.$inferInsert>
  } = {},
) {
  const { user, token } = await signedInUser(t, { role: 'teacher', ...options.values })
  await t.database.db
    .insert(teacherTaughtLanguages)
    .values({ teacherId: user.id, languageId: ENGLISH, levelId: C1 })
  const weekdays = options.weekdays ?? everyDay([{ start: '08:00', end: '12:00' }])
  const response = await updateTimetable(t, token, { cyclical: true, weekdays })
  if (response.statusCode !== 200) throw new Error(`timetable update failed: ${response.body}`)
  return { teacher: user, teacherToken: token }
}

/** A student who may book lessons with a teacher (human_access). */
export const bookingStudent = (t: TestApp, values: Partial<typeof users.$inferInsert> = {}) =>
  signedInUser(t, { role: 'student', humanAccess: true, ...values })

export const timetableOf = async (t: TestApp, token: string, teacherId: string, from: string, to: string) =>
  parseTimetable(
    (await showTimetable(t, token, { teacher_id: teacherId, date_from: from, date_to: to })).json(),
  )

/** The id of the slot at `date` `time` (Poland time) of a timetable. */
export function slotAt(timetable: Timetable, date: string, time: string): string {
  const slot = timetable.timetable.find((day) => day.date === date)?.slots.find((s) => s.time === time)
  if (!slot) throw new Error(`no slot at ${date} ${time}`)
  return slot.id
}

/** The teacher's slot ids at the given Poland date/time pairs, as a student sees them. */
export async function slotIds(
  t: TestApp,
  token: string,
  teacherId: string,
  at: [date: string, time: string][],
): Promise<string[]> {
  const dates = at.map(([date]) => date).sort()
  const timetable = await timetableOf(t, token, teacherId, dates[0] ?? '', dates.at(-1) ?? '')
  return at.map(([date, time]) => slotAt(timetable, date, time))
}

export function createLessons(t: TestApp, token: string, payload: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/lessons/create',
    payload: JSON.stringify(payload),
    headers: {
      'content-type': 'application/json',
      ...bearer(token),
      ...(key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key }),
    },
  })
}

export const bookingBody = (teacherId: string, slotIdList: string[], levelId = B1) => ({
  language_id: ENGLISH,
  level_id: levelId,
  teacher_id: teacherId,
  time_slot_ids: slotIdList,
})

export const parseBooking = (body: unknown) => v.parse(lessonCreateResponse, body).data
export const parseTimetableUpdate = (body: unknown): TimetableUpdateAnswer =>
  v.parse(timetableUpdateResponse, body).data

/** Active (not cancelled) lessons, of one slot and/or one student. */
export async function activeLessons(t: TestApp, filter: { slotId?: string; studentId?: string }) {
  const conditions = [isNull(lessons.cancelledAt)]
  if (filter.slotId) conditions.push(eq(lessons.timeSlotId, filter.slotId))
  if (filter.studentId) conditions.push(eq(lessons.studentId, filter.studentId))
  return t.database.db
    .select()
    .from(lessons)
    .where(and(...conditions))
}
