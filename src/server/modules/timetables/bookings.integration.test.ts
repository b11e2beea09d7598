import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Timetable } from '../../../domain/api/timetables.ts'
import { teacherStudents, users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import {
  activeLessons,
  bookableTeacher,
  bookingBody,
  bookingStudent,
  createLessons,
  everyDay,
  parseTimetableUpdate,
  slotIds,
  timetableOf,
} from '../../test-support/lessons.ts'
import { storedStarts, timesByDate, updateTimetable } from '../../test-support/timetables.ts'

// The timetable with lessons: its booked and own-lesson flags (product-rules.md "Slot states"), and
// a schedule change that never loses a booked lesson.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
// Tuesday 10 March 2026, 10:00 Poland time: the range is 9–22 March.
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

type Flags = { time: string; available: boolean; scheduled: boolean; missed: boolean }
const day = (timetable: Timetable, date: string): Flags[] =>
  (timetable.timetable.find((d) => d.date === date)?.slots ?? []).map(({ id: _, ...flags }) => flags)
const free = (time: string): Flags => ({ time, available: true, scheduled: false, missed: false })
const datesWithOwnLesson = (timetable: Timetable) =>
  timetable.timetable.filter((d) => d.has_own_lesson).map((d) => d.date)

async function book(token: string, teacherId: string, at: [string, string][]) {
  const ids = await slotIds(t, token, teacherId, at)
  const response = await createLessons(t, token, bookingBody(teacherId, ids))
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`)
  return ids
}

describe('GET /teachers/timetables/show with lessons', () => {
  it("shows the student's own lessons as scheduled, also at another teacher's overlapping slot", async () => {
    const wednesday = { '3': [{ start: '08:00', end: '09:30' }] }
    const { teacher } = await bookableTeacher(t, { weekdays: wednesday })
    const { teacher: other } = await bookableTeacher(t, {
      weekdays: { '3': [{ start: '08:30', end: '10:00' }] },
    })
    const { token } = await bookingStudent(t)
    await book(token, teacher.id, [['2026-03-11', '08:00']])

    const own = await timetableOf(t, token, teacher.id, '2026-03-09', '2026-03-15')
    expect(day(own, '2026-03-11')).toEqual([
      { time: '08:00', available: false, scheduled: true, missed: false },
      free('08:45'),
    ])
    expect(own).toMatchObject({ scheduled_lessons_count: 1, scheduled_lessons_limit_per_student: 2 })
    // 08:30 at the other teacher starts 30 minutes after the lesson: within 45 minutes
    // (product-rules.md "Slot states").
    const elsewhere = await timetableOf(t, token, other.id, '2026-03-09', '2026-03-15')
    expect(day(elsewhere, '2026-03-11')).toEqual([
      { time: '08:30', available: false, scheduled: true, missed: false },
      free('09:15'),
    ])
    // The whole date is marked (product-rules.md "Same-day rule"), at every teacher, so the grid
    // can refuse its slots as the booking would ("You already have a lesson scheduled for this
    // date").
    expect(datesWithOwnLesson(own)).toEqual(['2026-03-11'])
    expect(datesWithOwnLesson(elsewhere)).toEqual(['2026-03-11'])
  })

  it("shows someone else's booking as unavailable, not as scheduled, and counts only one's own", async () => {
    const { teacher } = await bookableTeacher(t, { weekdays: { '4': [{ start: '08:00', end: '09:30' }] } })
    const first = await bookingStudent(t)
    await book(first.token, teacher.id, [['2026-03-12', '08:00']])
    const { token } = await bookingStudent(t, { scheduledLessonsLimit: 4 })
    const timetable = await timetableOf(t, token, teacher.id, '2026-03-09', '2026-03-15')
    expect(day(timetable, '2026-03-12')).toEqual([
      { time: '08:00', available: false, scheduled: false, missed: false },
      free('08:45'),
    ])
    expect(timetable).toMatchObject({ scheduled_lessons_count: 0, scheduled_lessons_limit_per_student: 4 })
    expect(datesWithOwnLesson(timetable)).toEqual([])
  })

  it('shows the owner which slots hold lessons; limit and overlay describe nothing for a teacher', async () => {
    const { teacher, teacherToken } = await bookableTeacher(t, {
      weekdays: { '4': [{ start: '08:00', end: '09:30' }] },
    })
    await t.database.db.update(users).set({ notAcceptingNewStudents: true }).where(eq(users.id, teacher.id))
    const student = await bookingStudent(t)
    await t.database.db.insert(teacherStudents).values({ teacherId: teacher.id, studentId: student.user.id })
    await book(student.token, teacher.id, [['2026-03-12', '08:45']])
    const timetable = await timetableOf(t, teacherToken, teacher.id, '2026-03-09', '2026-03-15')
    expect(day(timetable, '2026-03-12')).toEqual([
      free('08:00'),
      { time: '08:45', available: false, scheduled: true, missed: false },
    ])
    expect(timetable).toMatchObject({
      scheduled_lessons_count: 0,
      scheduled_lessons_limit_per_student: 2,
      not_accepting_new_students: false,
    })
    expect(datesWithOwnLesson(timetable)).toEqual([])
  })

  it('tells a new student that the teacher does not accept them, and an allowed one that they do', async () => {
    const { teacher } = await bookableTeacher(t)
    await t.database.db.update(users).set({ notAcceptingNewStudents: true }).where(eq(users.id, teacher.id))
    const stranger = await bookingStudent(t)
    const allowed = await bookingStudent(t)
    await t.database.db.insert(teacherStudents).values({ teacherId: teacher.id, studentId: allowed.user.id })
    const show = (token: string) => timetableOf(t, token, teacher.id, '2026-03-09', '2026-03-15')
    expect((await show(stranger.token)).not_accepting_new_students).toBe(true)
    expect((await show(allowed.token)).not_accepting_new_students).toBe(false)
  })
})

describe('POST /teachers/timetables/update with lessons', () => {
  it('keeps a booked slot and its lesson when the schedule drops it, and reports it', async () => {
    const { teacher, teacherToken } = await bookableTeacher(t, {
      weekdays: everyDay([{ start: '08:00', end: '09:30' }]),
    })
    const student = await bookingStudent(t)
    const [slot] = await book(student.token, teacher.id, [['2026-03-12', '08:45']])

    // The new schedule asks for 08:15–09:45 on Thursdays only: 08:15 would overlap the booked
    // 08:45 slot, so it is not created; the booked slot stays where it was.
    const weekdays = { '4': [{ start: '08:15', end: '09:45' }] }
    const response = await updateTimetable(t, teacherToken, { cyclical: true, weekdays })
    expect(response.statusCode).toBe(200)
    const answer = parseTimetableUpdate(response.json())
    expect(answer.kept_booked_slots).toEqual([{ date: '2026-03-12', time: '08:45' }])
    expect(timesByDate(answer)['2026-03-12']).toEqual(['08:45'])
    expect(timesByDate(answer)['2026-03-19']).toEqual(['08:15', '09:00'])
    const [lesson] = await activeLessons(t, { studentId: student.user.id })
    expect(lesson?.timeSlotId).toBe(slot)
    expect(await storedStarts(t, teacher.id)).toContain('2026-03-12T07:45:00.000Z')

    // Once the rules ask for the slot again, it is no longer reported.
    const back = await updateTimetable(t, teacherToken, {
      cyclical: true,
      weekdays: { '4': [{ start: '08:45', end: '09:30' }] },
    })
    expect(parseTimetableUpdate(back.json()).kept_booked_slots).toEqual([])
  })

  it('removes the slot of a cancelled lesson the rules no longer ask for, keeping the lesson', async () => {
    const { teacher, teacherToken } = await bookableTeacher(t, {
      weekdays: { '4': [{ start: '08:00', end: '08:45' }] },
    })
    const student = await bookingStudent(t)
    await book(student.token, teacher.id, [['2026-03-12', '08:00']])
    await t.database.db
      .update(lessons)
      .set({ cancelledAt: t.clock.now() })
      .where(eq(lessons.studentId, student.user.id))
    const response = await updateTimetable(t, teacherToken, { cyclical: true, weekdays: {} })
    expect(parseTimetableUpdate(response.json()).kept_booked_slots).toEqual([])
    // The slot goes (no one can book time the teacher no longer works); the cancelled lesson stays
    // with its own times and no slot (ON DELETE SET NULL).
    expect(await storedStarts(t, teacher.id)).toEqual([])
    const [cancelled] = await t.database.db
      .select()
      .from(lessons)
      .where(eq(lessons.studentId, student.user.id))
    expect(cancelled).toMatchObject({ timeSlotId: null, startsAt: new Date('2026-03-12T07:00:00.000Z') })
  })

  it('never loses a lesson when a booking and a schedule change race', async () => {
    const { teacher, teacherToken } = await bookableTeacher(t, {
      weekdays: { '5': [{ start: '08:00', end: '08:45' }] },
    })
    const student = await bookingStudent(t)
    const ids = await slotIds(t, student.token, teacher.id, [['2026-03-13', '08:00']])
    const [booking, update] = await Promise.all([
      createLessons(t, student.token, bookingBody(teacher.id, ids)),
      updateTimetable(t, teacherToken, { cyclical: true, weekdays: {} }),
    ])
    expect(update.statusCode).toBe(200)
    // Whichever ran first, a lesson that was created keeps its slot.
    if (booking.statusCode === 201) {
      expect(await storedStarts(t, teacher.id)).toEqual(['2026-03-13T07:00:00.000Z'])
      expect(await activeLessons(t, { studentId: student.user.id })).toHaveLength(1)
    } else {
      expect(booking.json()).toMatchObject({ code: 'slot_unavailable' })
      expect(await storedStarts(t, teacher.id)).toEqual([])
    }
  })
})
