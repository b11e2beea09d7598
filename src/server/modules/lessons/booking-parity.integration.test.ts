import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_SCHEDULED_LESSONS_LIMIT, LESSON_SLOT_MINUTES } from '../../../domain/constants.ts'
import type { ErrorCode } from '../../../domain/errors.ts'
import { polandDateKey } from '../../../domain/poland-time.ts'
import type { Interval } from '../../../domain/schedule/availability.ts'
import {
  isMissedSlot,
  isScheduledSlot,
  lessonDates,
  limitReached,
  refusesStudent,
  scheduleRange,
} from '../../../domain/schedule/slot-rules.ts'
import { slotsForDay } from '../../../domain/schedule/slots.ts'
import { teacherStudents, teacherTaughtLanguages, timeSlots } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { AppError } from '../../platform/errors.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser } from '../../test-support/fixtures.ts'
import { B1, bookableTeacher, bookingBody, C1, ENGLISH } from '../../test-support/lessons.ts'
import { DEFAULT_SETTINGS } from '../settings/service.ts'
import { isoWeekday } from '../timetables/plan.ts'
import { bookLessons } from './book-lessons.ts'
import { scheduledCount } from './booking-rules.ts'

// The booking's rules live twice: in the database function that decides (db/functions/
// book-lessons.sql) and in the TypeScript the screens show them with (domain/schedule/slot-rules.ts,
// the slots a timetable generates, the scheduled count). One table of cases goes through both, and
// each answers with a verdict: "booked" or the refusal's code. Instants are fixed; Poland times are
// in the names (CET is UTC+1, CEST UTC+2; summer time starts 29 March 2026 and ends 25 October).

type Verdict = 'booked' | ErrorCode

type BookingCase = {
  name: string
  /** The booking's moment. */
  now: string
  /** The requested slot's start; it lasts 45 minutes. */
  slot: string
  /** Starts of the student's active lessons, with another teacher. */
  lessons?: string[]
  /** The student's scheduled-lessons limit (2 unless given). */
  limit?: number
  /** The teacher does not accept new students; `allowed`: this student is on their list. */
  closed?: { allowed: boolean }
  /** The slot exists only if the teacher's availability on its date (Poland times) makes it. */
  availability?: Interval[]
  verdict: Verdict
}

const TUESDAY = '2026-03-10T09:00:00Z' // Tuesday 10 March 10:00 CET: the range is 9–22 March

const CASES: BookingCase[] = [
  {
    name: 'books a slot exactly the 12-hour grace period ahead (Tuesday 22:00 CET)',
    now: TUESDAY,
    slot: '2026-03-10T21:00:00Z',
    verdict: 'booked',
  },
  {
    name: 'refuses the same slot one second later: it starts inside the grace period',
    now: '2026-03-10T09:00:01Z',
    slot: '2026-03-10T21:00:00Z',
    verdict: 'slot_unavailable',
  },
  {
    name: 'books 23:15 CET, which ends as the next lesson starts at 00:00 the next date',
    now: TUESDAY,
    lessons: ['2026-03-11T23:00:00Z'],
    slot: '2026-03-11T22:15:00Z',
    verdict: 'booked',
  },
  {
    name: 'refuses 23:30 CET, which would run 15 minutes into the next lesson at 00:00',
    now: TUESDAY,
    lessons: ['2026-03-11T23:00:00Z'],
    slot: '2026-03-11T22:30:00Z',
    verdict: 'lesson_date_taken',
  },
  {
    name: 'books 00:00 CET right after a lesson from 23:15 the date before',
    now: TUESDAY,
    lessons: ['2026-03-11T22:15:00Z'],
    slot: '2026-03-11T23:00:00Z',
    verdict: 'booked',
  },
  {
    name: 'refuses 00:00 CET while a lesson from 23:30 the date before still runs',
    now: TUESDAY,
    lessons: ['2026-03-11T22:30:00Z'],
    slot: '2026-03-11T23:00:00Z',
    verdict: 'lesson_date_taken',
  },
  {
    name: 'books 08:45 CET, the last 45 minutes of an availability until 09:30',
    now: TUESDAY,
    availability: [{ start: '08:00', end: '09:30' }],
    slot: '2026-03-11T07:45:00Z',
    verdict: 'booked',
  },
  {
    name: 'has no 08:45 CET slot when the availability ends at 09:15: the lesson would not fit',
    now: TUESDAY,
    availability: [{ start: '08:00', end: '09:15' }],
    slot: '2026-03-11T07:45:00Z',
    verdict: 'slot_unavailable',
  },
  {
    name: 'refuses a third lesson while two have not ended (the limit of 2 is reached)',
    now: TUESDAY,
    lessons: ['2026-03-12T07:00:00Z', '2026-03-13T07:00:00Z'],
    slot: '2026-03-16T07:00:00Z',
    verdict: 'lesson_limit',
  },
  {
    name: 'no longer counts a lesson that ends at this very moment',
    now: TUESDAY,
    lessons: ['2026-03-10T08:15:00Z', '2026-03-13T07:00:00Z'],
    slot: '2026-03-16T07:00:00Z',
    verdict: 'booked',
  },
  {
    name: 'books a third lesson for a student whose limit is 3',
    now: TUESDAY,
    lessons: ['2026-03-12T07:00:00Z', '2026-03-13T07:00:00Z'],
    limit: 3,
    slot: '2026-03-16T07:00:00Z',
    verdict: 'booked',
  },
  {
    name: 'refuses a second lesson on a date holding one with another teacher (Thursday 11:00 CET)',
    now: TUESDAY,
    lessons: ['2026-03-12T07:00:00Z'],
    slot: '2026-03-12T10:00:00Z',
    verdict: 'lesson_date_taken',
  },
  {
    name: 'books the next date',
    now: TUESDAY,
    lessons: ['2026-03-12T07:00:00Z'],
    slot: '2026-03-13T07:00:00Z',
    verdict: 'booked',
  },
  {
    name: 'counts Poland dates: 00:15 CET on Thursday is the date of an 08:00 lesson, though UTC says Wednesday',
    now: TUESDAY,
    lessons: ['2026-03-12T07:00:00Z'],
    slot: '2026-03-11T23:15:00Z',
    verdict: 'lesson_date_taken',
  },
  {
    name: 'refuses Sunday 29 March 08:00 CEST at Saturday 20:00 CET: 12 hours on the clock, 11 real',
    now: '2026-03-28T19:00:00Z',
    slot: '2026-03-29T06:00:00Z',
    verdict: 'slot_unavailable',
  },
  {
    name: 'books Sunday 29 March 09:00 CEST at Saturday 20:00 CET: 12 real hours ahead',
    now: '2026-03-28T19:00:00Z',
    slot: '2026-03-29T07:00:00Z',
    verdict: 'booked',
  },
  {
    name: 'refuses Sunday 29 March 22:00 CEST for a student with a lesson at 06:00 CEST that Sunday',
    now: '2026-03-27T11:00:00Z',
    lessons: ['2026-03-29T04:00:00Z'],
    slot: '2026-03-29T20:00:00Z',
    verdict: 'lesson_date_taken',
  },
  {
    name: 'books Monday 30 March 00:15 CEST after a lesson at 22:00 CEST on the Sunday: the date is Monday',
    now: '2026-03-27T11:00:00Z',
    lessons: ['2026-03-29T20:00:00Z'],
    slot: '2026-03-29T22:15:00Z',
    verdict: 'booked',
  },
  {
    name: 'books Sunday 25 October 06:00 CET at Saturday 19:00 CEST: 11 hours on the clock, 12 real',
    now: '2026-10-24T17:00:00Z',
    slot: '2026-10-25T05:00:00Z',
    verdict: 'booked',
  },
  {
    name: 'refuses Sunday 25 October 06:00 CET one second later',
    now: '2026-10-24T17:00:01Z',
    slot: '2026-10-25T05:00:00Z',
    verdict: 'slot_unavailable',
  },
  {
    name: 'refuses Sunday 25 October 23:30 CET after a lesson at 22:00 CET: still Sunday, not Monday',
    now: '2026-10-23T10:00:00Z',
    lessons: ['2026-10-25T21:00:00Z'],
    slot: '2026-10-25T22:30:00Z',
    verdict: 'lesson_date_taken',
  },
  {
    name: 'refuses Sunday 25 October 00:30 CEST for a student with a lesson at 06:00 CET that Sunday',
    now: '2026-10-23T10:00:00Z',
    lessons: ['2026-10-25T05:00:00Z'],
    slot: '2026-10-24T22:30:00Z',
    verdict: 'lesson_date_taken',
  },
  {
    name: 'refuses a student a teacher who does not accept new students has not allowed',
    now: TUESDAY,
    closed: { allowed: false },
    slot: '2026-03-11T07:00:00Z',
    verdict: 'not_accepting_new_students',
  },
  {
    name: 'books for a student on the list of a teacher who does not accept new students',
    now: TUESDAY,
    closed: { allowed: true },
    slot: '2026-03-11T07:00:00Z',
    verdict: 'booked',
  },
]

const LESSON_MS = LESSON_SLOT_MINUTES * 60_000
const GRACE_HOURS = DEFAULT_SETTINGS.lessonEarlinessCondition
const span = (start: string) => ({
  startsAt: new Date(start),
  endsAt: new Date(Date.parse(start) + LESSON_MS),
})

/** The verdict of the TypeScript rules, in the order the function applies them. */
function rulesVerdict(c: BookingCase): Verdict {
  const now = new Date(c.now)
  const slot = new Date(c.slot)
  const date = polandDateKey(slot)
  if (refusesStudent(c.closed !== undefined, c.closed?.allowed ?? false)) return 'not_accepting_new_students'
  const made = c.availability
    ? slotsForDay(date, c.availability).some((generated) => generated.startsAt.getTime() === slot.getTime())
    : true
  const range = scheduleRange(now, null)
  const inRange = range !== null && date >= range.from && date <= range.to
  if (!made || !inRange || isMissedSlot(slot, now, GRACE_HOURS)) return 'slot_unavailable'
  const own = (c.lessons ?? []).map(span)
  const starts = own.map((lesson) => lesson.startsAt)
  if (lessonDates(starts).has(date) || isScheduledSlot(slot, starts)) return 'lesson_date_taken'
  // One slot requested: the screen lets it be chosen while the limit is not reached with none chosen.
  const limit = c.limit ?? DEFAULT_SCHEDULED_LESSONS_LIMIT
  if (limitReached(0, scheduledCount(own, now), limit)) return 'lesson_limit'
  return 'booked'
}

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function slotRow(teacherId: string, start: string): Promise<string> {
  const [row] = await t.database.db
    .insert(timeSlots)
    .values({ teacherId, ...span(start) })
    .returning({ id: timeSlots.id })
  if (!row) throw new Error('insert returned no row')
  return row.id
}

/** The teacher and the requested slot's id: a row written at the instant, or the availability's. */
async function teacherAndSlot(c: BookingCase): Promise<{ teacherId: string; slotId: string }> {
  const db = t.database.db
  const values = { role: 'teacher' as const, notAcceptingNewStudents: c.closed !== undefined }
  if (!c.availability) {
    const teacher = await createUser(db, values)
    await db
      .insert(teacherTaughtLanguages)
      .values({ teacherId: teacher.id, languageId: ENGLISH, levelId: C1 })
    return { teacherId: teacher.id, slotId: await slotRow(teacher.id, c.slot) }
  }
  const weekday = String(isoWeekday(polandDateKey(new Date(c.slot))))
  const { teacher } = await bookableTeacher(t, { weekdays: { [weekday]: c.availability }, values })
  const [made] = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(eq(timeSlots.teacherId, teacher.id), eq(timeSlots.startsAt, new Date(c.slot))))
  // No slot there: the booking names one the teacher does not have.
  return { teacherId: teacher.id, slotId: made?.id ?? randomUUID() }
}

/** The verdict of the database function, through the server's booking call. */
async function databaseVerdict(c: BookingCase): Promise<Verdict> {
  const db = t.database.db
  t.clock.set(c.now)
  const { teacherId, slotId } = await teacherAndSlot(c)
  const student = await createUser(db, {
    humanAccess: true,
    scheduledLessonsLimit: c.limit ?? DEFAULT_SCHEDULED_LESSONS_LIMIT,
  })
  if (c.closed?.allowed) await db.insert(teacherStudents).values({ teacherId, studentId: student.id })
  const other = await createUser(db, { role: 'teacher' })
  for (const start of c.lessons ?? []) {
    const timeSlotId = await slotRow(other.id, start)
    await db.insert(lessons).values({
      studentId: student.id,
      teacherId: other.id,
      timeSlotId,
      languageId: ENGLISH,
      levelId: B1,
      ...span(start),
    })
  }
  try {
    await bookLessons(t.ctx, student.id, bookingBody(teacherId, [slotId]), undefined)
    return 'booked'
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}

describe("the booking function and the screens' rules give one verdict per case", () => {
  it.each(CASES)('$name', async (c) => {
    const verdicts = { rules: rulesVerdict(c), database: await databaseVerdict(c) }
    expect(verdicts).toEqual({ rules: c.verdict, database: c.verdict })
  })
})
