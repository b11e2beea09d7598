import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { timeSlots } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import {
  parseTimetable,
  showTimetable,
  storedStarts,
  teacherAndStudent,
  timesByDate,
  updateTimetable,
} from '../../test-support/timetables.ts'
import { findUserById } from '../users/repository.ts'

// POST /teachers/timetables/update: the schedule rules, the slots and the range (product-rules.md
// "Validation", "Constants and limits").

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
// Tuesday 10 March 2026, 10:00 Poland time (CET): the schedule range is 9–22 March.
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

describe('POST /teachers/timetables/update', () => {
  it('stores a cyclical schedule as 45-minute slots, dropping leftover time, and shows it back', async () => {
    const { teacher, teacherToken, studentToken } = await teacherAndStudent(t)
    const weekdays = { '1': [{ start: '08:00', end: '10:00' }], '3': [{ start: '16:00', end: '20:30' }] }
    const response = await updateTimetable(t, teacherToken, { cyclical: true, weekdays })
    expect(response.statusCode).toBe(200)
    const monday = ['08:00', '08:45']
    const wednesday = ['16:00', '16:45', '17:30', '18:15', '19:00', '19:45']
    const expected = {
      '2026-03-09': monday,
      '2026-03-11': wednesday,
      '2026-03-16': monday,
      '2026-03-18': wednesday,
    }
    const saved = parseTimetable(response.json())
    expect(saved.timetable.map((day) => day.date)).toHaveLength(14)
    expect(timesByDate(saved)).toEqual(expected)
    expect((await findUserById(t.database.db, teacher.id))?.hasCyclicalTimetable).toBe(true)

    const shown = await showTimetable(t, studentToken, {
      teacher_id: teacher.id,
      date_from: '2026-03-16',
      date_to: '2026-03-22',
    })
    expect(shown.statusCode).toBe(200)
    const timetable = parseTimetable(shown.json())
    expect(timesByDate(timetable)).toEqual({ '2026-03-16': monday, '2026-03-18': wednesday })
    expect(timetable.timetable[0]?.slots[0]).toEqual({
      id: expect.any(String),
      time: '08:00',
      available: true,
      scheduled: false,
      missed: false,
    })
    expect(timetable).toMatchObject({ scheduled_lessons_count: 0, lesson_earliness_condition: 12 })
    expect((await storedStarts(t, teacher.id)).slice(0, 2)).toEqual([
      '2026-03-09T07:00:00.000Z',
      '2026-03-09T07:45:00.000Z',
    ])
  })

  it('works specific dates only when the schedule is not cyclical', async () => {
    const { teacher, teacherToken } = await teacherAndStudent(t)
    const dates = { '2026-03-12': [{ start: '09:00', end: '10:30' }], '2026-03-20': [] }
    const response = await updateTimetable(t, teacherToken, { cyclical: false, dates })
    expect(response.statusCode).toBe(200)
    expect(timesByDate(parseTimetable(response.json()))).toEqual({ '2026-03-12': ['09:00', '09:45'] })
    expect((await findUserById(t.database.db, teacher.id))?.hasCyclicalTimetable).toBe(false)
  })

  it('lets a date override its weekday in a cyclical schedule', async () => {
    const { teacherToken } = await teacherAndStudent(t)
    const weekdays = { '4': [{ start: '08:00', end: '09:00' }] }
    const dates = { '2026-03-12': [{ start: '18:00', end: '19:00' }], '2026-03-19': [] }
    const response = await updateTimetable(t, teacherToken, { cyclical: true, weekdays, dates })
    expect(timesByDate(parseTimetable(response.json()))).toEqual({ '2026-03-12': ['18:00'] })
  })

  it('answers 400 with a field path for each bad interval', async () => {
    const { teacherToken } = await teacherAndStudent(t)
    const response = await updateTimetable(t, teacherToken, {
      cyclical: true,
      weekdays: {
        '1': [{ start: '05:00', end: '07:00' }],
        '3': [
          { start: '08:10', end: '09:00' },
          { start: '11:00', end: '10:00' },
          { start: '12:00', end: '14:00' },
          { start: '13:00', end: '15:00' },
          { start: '22:00', end: '23:15' },
          { start: '7:00', end: '08:00' },
        ],
      },
      dates: { '2026-03-23': [{ start: '08:00', end: '09:00' }] },
    })
    expect(response.statusCode).toBe(400)
    const errors: { field: string; code: string }[] = response.json().errors
    expect(errors.map(({ field, code }) => ({ field, code }))).toEqual([
      { field: 'weekdays.1.0', code: 'time_grid' },
      { field: 'weekdays.3.0', code: 'time_grid' },
      { field: 'weekdays.3.1', code: 'time_order' },
      { field: 'weekdays.3.2', code: 'time_overlap' },
      { field: 'weekdays.3.3', code: 'time_overlap' },
      { field: 'weekdays.3.4', code: 'time_grid' },
      { field: 'weekdays.3.5', code: 'time_format' },
      { field: 'dates.2026-03-23', code: 'date_out_of_range' },
    ])
  })

  it('refuses weekdays without a cyclical schedule, and a malformed body', async () => {
    const { teacherToken } = await teacherAndStudent(t)
    const weekdays = { '1': [{ start: '08:00', end: '09:00' }] }
    const mixed = await updateTimetable(t, teacherToken, { cyclical: false, weekdays })
    expect(mixed.statusCode).toBe(400)
    expect(mixed.json().errors).toMatchObject([{ field: 'weekdays', code: 'invalid' }])
    const malformed = await updateTimetable(t, teacherToken, { weekdays: { '8': [] }, dates: { x: [] } })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().errors.map((e: { field: string }) => e.field)).toContain('cyclical')
  })

  it('is for teachers only', async () => {
    const { studentToken } = await teacherAndStudent(t)
    const response = await updateTimetable(t, studentToken, { cyclical: true, weekdays: {} })
    expect(response.statusCode).toBe(403)
  })

  it('replaces future slots without duplicates and keeps past ones', async () => {
    const { teacher, teacherToken } = await teacherAndStudent(t)
    const first = { '1': [{ start: '08:00', end: '09:30' }], '2': [{ start: '16:00', end: '18:00' }] }
    await updateTimetable(t, teacherToken, { cyclical: true, weekdays: first })
    await updateTimetable(t, teacherToken, { cyclical: true, weekdays: first })
    expect(await storedStarts(t, teacher.id)).toHaveLength(8)

    const second = { '2': [{ start: '16:30', end: '18:00' }] }
    const response = await updateTimetable(t, teacherToken, { cyclical: true, weekdays: second })
    expect(timesByDate(parseTimetable(response.json()))).toEqual({
      // Monday 9 March has passed: its slots stay.
      '2026-03-09': ['08:00', '08:45'],
      '2026-03-10': ['16:30', '17:15'],
      '2026-03-17': ['16:30', '17:15'],
    })
    expect(await storedStarts(t, teacher.id)).toEqual([
      '2026-03-09T07:00:00.000Z',
      '2026-03-09T07:45:00.000Z',
      '2026-03-10T15:30:00.000Z',
      '2026-03-10T16:15:00.000Z',
      '2026-03-17T15:30:00.000Z',
      '2026-03-17T16:15:00.000Z',
    ])
  })

  it('queues concurrent updates of one teacher (row lock) so neither fails nor duplicates', async () => {
    const { teacher, teacherToken } = await teacherAndStudent(t)
    const early = { '5': [{ start: '08:00', end: '09:30' }] }
    const late = { '5': [{ start: '08:30', end: '10:00' }] }
    const answers = await Promise.all([
      updateTimetable(t, teacherToken, { cyclical: true, weekdays: early }),
      updateTimetable(t, teacherToken, { cyclical: true, weekdays: late }),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
    expect(await storedStarts(t, teacher.id)).toHaveLength(4)
  })

  it('never inserts a slot overlapping a past one that stays', async () => {
    const { teacher, teacherToken } = await teacherAndStudent(t)
    await updateTimetable(t, teacherToken, {
      cyclical: true,
      weekdays: { '1': [{ start: '08:00', end: '08:45' }] },
    })
    const shifted = { '1': [{ start: '08:15', end: '09:00' }] }
    expect((await updateTimetable(t, teacherToken, { cyclical: true, weekdays: shifted })).statusCode).toBe(
      200,
    )
    expect(await storedStarts(t, teacher.id)).toEqual([
      '2026-03-09T07:00:00.000Z',
      '2026-03-16T07:15:00.000Z',
    ])
  })

  it('has the database reject an overlapping slot of one teacher (exclusion constraint)', async () => {
    const { teacher } = await teacherAndStudent(t)
    const db = t.database.db
    await db.insert(timeSlots).values({
      teacherId: teacher.id,
      startsAt: new Date('2026-04-01T08:00:00Z'),
      endsAt: new Date('2026-04-01T08:45:00Z'),
    })
    const overlapping = db.insert(timeSlots).values({
      teacherId: teacher.id,
      startsAt: new Date('2026-04-01T08:30:00Z'),
      endsAt: new Date('2026-04-01T09:15:00Z'),
    })
    const error: unknown = await overlapping.then(
      () => null,
      (failure: unknown) => failure,
    )
    expect(error).toBeInstanceOf(Error)
    const cause = error instanceof Error ? error.cause : undefined
    expect(cause).toMatchObject({ code: '23P01' })
  })
})
