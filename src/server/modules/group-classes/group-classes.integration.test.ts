import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { weekdayOf } from '../../../domain/group-classes/series.ts'
import { addDays, formatPolandTime, lastSundayOfMonth, polandDateKey } from '../../../domain/poland-time.ts'
import { AppError } from '../../platform/errors.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import {
  B1,
  bookableTeacher,
  bookingBody,
  bookingStudent,
  createLessons,
  ENGLISH,
  everyDay,
  slotIds,
  timetableOf,
} from '../../test-support/lessons.ts'
import { getWith, parseLessonPage } from '../../test-support/my-lessons.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { storyNow } from '../../test-support/story-clock.ts'
import { timesByDate, updateTimetable } from '../../test-support/timetables.ts'
import {
  type ClassInput,
  cancelMeeting,
  createClass,
  enrolStudents,
  moveMeeting,
  removeStudent,
} from './service.ts'

// Group classes on a real database: a class's meetings reach every enrolled student's group list
// and the teacher's, once each; a meeting takes the teacher's time as a booking does, and a race of
// bookings and a meeting over one slot ends with one of them (docs/decisions.md "Group classes: a
// meeting takes the teacher's time").

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(storyNow()))

/** The Poland date `days` after the clock's. */
const inDays = (days: number) => addDays(polandDateKey(t.clock.now()), days)

const classOf = (teacherId: string, overrides: Partial<ClassInput> = {}): ClassInput => ({
  teacherId,
  languageId: ENGLISH,
  levelId: B1,
  title: 'Angielski w firmie B1',
  description: '',
  companyName: 'Partner S.A.',
  capacity: 8,
  provider: 'builtin',
  series: null,
  extra: [],
  ...overrides,
})

const groupStudent = () => signedInUser(t, { role: 'student', humanAccess: true, onlyGroupLessons: true })

async function groupList(token: string) {
  const answer = await getWith(t, token, '/lessons/list_group', { per_page: '50' })
  expect(answer.statusCode).toBe(200)
  return parseLessonPage(answer.json())
}

describe('a weekly class', () => {
  it('puts its 10 meetings in the group list of each of its 6 students and of its teacher, once each', async () => {
    const { teacher, teacherToken } = await bookableTeacher(t)
    const first = inDays(2)
    const { group, meetings } = await createClass(
      t.ctx,
      classOf(teacher.id, {
        series: {
          weekdays: [weekdayOf(first), weekdayOf(inDays(4))],
          startTime: '17:00',
          units: 2,
          firstDate: first,
          meetings: 10,
        },
      }),
    )
    expect(meetings).toHaveLength(10)
    const students = []
    for (let i = 0; i < 6; i++) students.push(await groupStudent())
    const { enrolled, waiting } = await enrolStudents(
      t.ctx,
      group.id,
      students.map((s) => s.user.id),
    )
    expect([enrolled.length, waiting.length]).toEqual([6, 0])

    for (const student of students) {
      const page = await groupList(student.token)
      expect(page.data).toHaveLength(10)
      expect(page.data.every((lesson) => lesson.is_group && lesson.status === 'scheduled')).toBe(true)
      expect(new Set(page.data.map((lesson) => formatPolandTime(new Date(lesson.scheduled_at))))).toEqual(
        new Set(['17:00']),
      )
    }
    const teachers = await groupList(teacherToken)
    expect(teachers.data).toHaveLength(10)
    expect(new Set(teachers.data.map((lesson) => lesson.scheduled_at)).size).toBe(10)
  })

  it('keeps a full class’s next students on its waiting list, in order', async () => {
    const { teacher } = await bookableTeacher(t)
    const { group } = await createClass(
      t.ctx,
      classOf(teacher.id, { capacity: 2, extra: [{ date: inDays(3), time: '18:00', units: 1 }] }),
    )
    const [a, b, c, d] = [
      await groupStudent(),
      await groupStudent(),
      await groupStudent(),
      await groupStudent(),
    ]
    const result = await enrolStudents(
      t.ctx,
      group.id,
      [a, b, c, d].map((s) => s.user.id),
    )
    expect(result).toEqual({ enrolled: [a.user.id, b.user.id], waiting: [c.user.id, d.user.id] })
    expect((await groupList(c.token)).data).toHaveLength(0)
  })
})

describe("the teacher's time", () => {
  it('is taken by a meeting: a one-to-one booking over it is refused with the per-slot error', async () => {
    const { teacher, teacherToken } = await bookableTeacher(t)
    const student = await bookingStudent(t)
    const date = inDays(2)
    // The teacher's slots start at 08:00, 08:45, 09:30…
    const [slot = ''] = await slotIds(t, student.token, teacher.id, [[date, '08:45']])
    await createClass(t.ctx, classOf(teacher.id, { extra: [{ date, time: '08:30', units: 1 }] }))
    const refused = await createLessons(t, student.token, bookingBody(teacher.id, [slot]))
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'slot_unavailable' })
    // The timetable saved again makes no slot under the meeting (08:00–08:45 and 08:45–09:30 go).
    expect(
      (
        await updateTimetable(t, teacherToken, {
          cyclical: true,
          weekdays: everyDay([{ start: '08:00', end: '12:00' }]),
        })
      ).statusCode,
    ).toBe(200)
    const week = timesByDate(await timetableOf(t, student.token, teacher.id, date, date))
    expect(week[date]).toEqual(['09:30', '10:15', '11:00'])
  })

  it('refuses a meeting over a booked one-to-one lesson, naming it', async () => {
    const { teacher } = await bookableTeacher(t)
    const student = await bookingStudent(t, { firstName: 'Marta', lastName: 'Dąbrowska' })
    const date = inDays(2)
    const [slot = ''] = await slotIds(t, student.token, teacher.id, [[date, '09:30']])
    expect((await createLessons(t, student.token, bookingBody(teacher.id, [slot]))).statusCode).toBe(201)
    const refusal = await createClass(
      t.ctx,
      classOf(teacher.id, { extra: [{ date, time: '10:00', units: 2 }] }),
    ).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal).toMatchObject({
      code: 'teacher_busy_lesson',
      params: { name: 'Marta Dąbrowska', time: '09:30' },
    })
  })

  it('refuses a meeting over another class’s meeting, naming the class', async () => {
    const { teacher } = await bookableTeacher(t)
    const date = inDays(5)
    await createClass(
      t.ctx,
      classOf(teacher.id, { title: 'Niemiecki A2', extra: [{ date, time: '19:00', units: 2 }] }),
    )
    await expect(
      createClass(t.ctx, classOf(teacher.id, { extra: [{ date, time: '19:45', units: 1 }] })),
    ).rejects.toMatchObject({
      code: 'teacher_busy_meeting',
      params: { title: 'Niemiecki A2', time: '19:00' },
    })
  })

  it('ends a 50-way race of bookings and a meeting over one slot with exactly one of them', async () => {
    const { teacher } = await bookableTeacher(t)
    const date = inDays(3)
    const students = []
    for (let i = 0; i < 49; i++) students.push(await bookingStudent(t))
    const [slot = ''] = await slotIds(t, students[0]?.token ?? '', teacher.id, [[date, '11:00']])
    const meeting = createClass(
      t.ctx,
      classOf(teacher.id, { extra: [{ date, time: '11:15', units: 1 }] }),
    ).then(
      () => 'meeting',
      (error: unknown) => (error instanceof AppError ? error.code : 'crash'),
    )
    const bookings = students.map((s) =>
      createLessons(t, s.token, bookingBody(teacher.id, [slot])).then((answer) =>
        answer.statusCode === 201 ? 'booked' : String(answer.json().code),
      ),
    )
    const outcomes = await Promise.all([meeting, ...bookings])
    const won = outcomes.filter((outcome) => outcome === 'meeting' || outcome === 'booked')
    expect(won).toHaveLength(1)
    expect(
      outcomes.every((o) =>
        ['meeting', 'booked', 'slot_taken', 'slot_unavailable', 'teacher_busy_lesson'].includes(o),
      ),
    ).toBe(true)
  })
})

describe('a moved meeting', () => {
  it('keeps its Poland time across the last Sunday of October, its students’ places with it', async () => {
    const year = Number(polandDateKey(t.clock.now()).slice(0, 4)) + 1
    const sunday = `${year}-10-${lastSundayOfMonth(year, 10)}`
    const { teacher } = await bookableTeacher(t)
    const student = await groupStudent()
    const { group, meetings } = await createClass(
      t.ctx,
      classOf(teacher.id, { extra: [{ date: addDays(sunday, -2), time: '18:00', units: 1 }] }),
    )
    await enrolStudents(t.ctx, group.id, [student.user.id])
    const [meeting] = meetings
    if (!meeting) throw new Error('no meeting')
    const moved = await moveMeeting(t.ctx, meeting.id, { date: addDays(sunday, 1), time: '18:00' })
    expect(formatPolandTime(moved.startsAt)).toBe('18:00')
    expect(polandDateKey(moved.startsAt)).toBe(addDays(sunday, 1))
    // Winter time after the Sunday: 18:00 in Poland is 17:00 UTC (it was 16:00 UTC before).
    expect(moved.startsAt.getUTCHours()).toBe(17)
    expect(meeting.startsAt.getUTCHours()).toBe(16)
    expect(moved.sequence).toBe(1)
    const [place] = (await groupList(student.token)).data
    expect(place?.scheduled_at).toBe(moved.startsAt.toISOString())
  })
})

describe('a cancelled meeting', () => {
  it('cancels its students’ places and gives the teacher’s slots back', async () => {
    const { teacher } = await bookableTeacher(t)
    const student = await groupStudent()
    const date = inDays(2)
    const { group, meetings } = await createClass(
      t.ctx,
      classOf(teacher.id, { extra: [{ date, time: '08:00', units: 2 }] }),
    )
    await enrolStudents(t.ctx, group.id, [student.user.id])
    const before = timesByDate(await timetableOf(t, student.token, teacher.id, date, date))
    expect(before[date]).toEqual(['09:30', '10:15', '11:00'])
    const [meeting] = meetings
    if (!meeting) throw new Error('no meeting')
    const cancelled = await cancelMeeting(t.ctx, meeting.id)
    expect(cancelled.sequence).toBe(1)
    const [place] = (await groupList(student.token)).data
    expect(place?.status).toBe('cancelled')
    const after = timesByDate(await timetableOf(t, student.token, teacher.id, date, date))
    expect(after[date]).toEqual(['08:00', '08:45', '09:30', '10:15', '11:00'])
  })
})

describe('a student taken out of a full class', () => {
  it('loses the places still to come, and the first of the waiting list takes the place', async () => {
    const { teacher } = await bookableTeacher(t)
    const { group } = await createClass(
      t.ctx,
      classOf(teacher.id, {
        capacity: 2,
        extra: [
          { date: inDays(3), time: '18:00', units: 1 },
          { date: inDays(10), time: '18:00', units: 1 },
        ],
      }),
    )
    const [a, b, c, d] = [
      await groupStudent(),
      await groupStudent(),
      await groupStudent(),
      await groupStudent(),
    ]
    await enrolStudents(
      t.ctx,
      group.id,
      [a, b, c, d].map((s) => s.user.id),
    )
    expect(await removeStudent(t.ctx, group.id, a.user.id)).toEqual({ promoted: c.user.id })
    expect((await groupList(a.token)).data).toHaveLength(0)
    expect((await groupList(c.token)).data).toHaveLength(2)
    expect((await groupList(d.token)).data).toHaveLength(0)
    // Someone waiting leaves: nobody moves.
    expect(await removeStudent(t.ctx, group.id, d.user.id)).toEqual({ promoted: null })
  })
})
