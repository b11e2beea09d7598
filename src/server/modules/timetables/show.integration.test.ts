import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/client.ts'
import { openChangeRoad } from '../../platform/change-road.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser } from '../../test-support/fixtures.ts'
import {
  parseTimetable,
  showTimetable,
  storedStarts,
  teacherAndStudent,
  timesByDate,
  updateTimetable,
} from '../../test-support/timetables.ts'
import { saveSettings } from '../settings/repository.ts'
import { DEFAULT_SETTINGS } from '../settings/service.ts'
import { topUpTeachers } from './materialise.ts'

// GET /teachers/timetables/show: its shape, the slot flags (product-rules.md "Slot states") and
// summer time (product-rules.md "Time zone").

const silent = { info: () => {}, error: () => {} }
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(async () => {
  t.clock.set('2026-03-10T09:00:00Z')
  await saveSettings(t.database.db, DEFAULT_SETTINGS, t.clock.now())
})

const everyDay = (intervals: { start: string; end: string }[]) =>
  Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, intervals]))

const flags = (timetable: ReturnType<typeof parseTimetable>, date: string) =>
  timetable.timetable
    .find((day) => day.date === date)
    ?.slots.map(({ time, available, missed }) => ({ time, available, missed }))

describe('GET /teachers/timetables/show', () => {
  it('marks slots within the grace period from settings as missed', async () => {
    t.clock.set('2026-03-10T09:30:00Z')
    const { teacher, teacherToken, studentToken } = await teacherAndStudent(t)
    const weekdays = { '3': [{ start: '16:00', end: '17:30' }], '4': [{ start: '08:00', end: '08:45' }] }
    await updateTimetable(t, teacherToken, { cyclical: true, weekdays })
    const query = { teacher_id: teacher.id, date_from: '2026-03-09', date_to: '2026-03-15' }

    // Now is Tuesday 10:30; Wednesday 16:00 and 16:45 are 29.5 and 30.25 hours away.
    const byDefault = parseTimetable((await showTimetable(t, studentToken, query)).json())
    expect(flags(byDefault, '2026-03-11')).toEqual([
      { time: '16:00', available: true, missed: false },
      { time: '16:45', available: true, missed: false },
    ])

    await saveSettings(t.database.db, { ...DEFAULT_SETTINGS, lessonEarlinessCondition: 30 }, t.clock.now())
    const longer = parseTimetable((await showTimetable(t, studentToken, query)).json())
    expect(longer.lesson_earliness_condition).toBe(30)
    expect(flags(longer, '2026-03-11')).toEqual([
      { time: '16:00', available: false, missed: true },
      { time: '16:45', available: true, missed: false },
    ])
    expect(flags(longer, '2026-03-12')).toEqual([{ time: '08:00', available: true, missed: false }])
  })

  it("clips a student's bookable range at active_until", async () => {
    const { teacher, teacherToken, studentToken } = await teacherAndStudent(t, { activeUntil: '2026-03-16' })
    await updateTimetable(t, teacherToken, {
      cyclical: true,
      weekdays: everyDay([{ start: '18:00', end: '18:45' }]),
    })
    const query = { teacher_id: teacher.id, date_from: '2026-03-15', date_to: '2026-03-17' }
    const timetable = parseTimetable((await showTimetable(t, studentToken, query)).json())
    expect(timetable.timetable.map((day) => day.slots[0]?.available)).toEqual([true, true, false])
  })

  it('creates the next week from the stored rules when a week rolls over', async () => {
    const { teacher, teacherToken, studentToken } = await teacherAndStudent(t)
    await updateTimetable(t, teacherToken, {
      cyclical: true,
      weekdays: { '5': [{ start: '10:00', end: '10:45' }] },
    })
    expect(await storedStarts(t, teacher.id)).toHaveLength(2)
    t.clock.set('2026-03-17T09:00:00Z')
    const query = { teacher_id: teacher.id, date_from: '2026-03-23', date_to: '2026-03-29' }
    const first = parseTimetable((await showTimetable(t, studentToken, query)).json())
    expect(timesByDate(first)).toEqual({ '2026-03-27': ['10:00'] })
    await showTimetable(t, studentToken, query)
    expect(await storedStarts(t, teacher.id)).toHaveLength(3)
  })

  it('tops up every teacher with rules in the background job, once per week', async () => {
    const { teacher, teacherToken } = await teacherAndStudent(t)
    await updateTimetable(t, teacherToken, {
      cyclical: true,
      weekdays: { '5': [{ start: '10:00', end: '10:45' }] },
    })
    expect(await storedStarts(t, teacher.id)).toHaveLength(2)
    t.clock.set('2026-03-17T09:00:00Z')
    const first = await topUpTeachers(t.ctx, t.clock.now())
    expect(first.filled).toBeGreaterThanOrEqual(1)
    expect(await storedStarts(t, teacher.id)).toContain('2026-03-27T09:00:00.000Z')
    expect(await storedStarts(t, teacher.id)).toHaveLength(3)
    expect(await topUpTeachers(t.ctx, t.clock.now())).toEqual({ checked: 0, filled: 0 })
    expect(await storedStarts(t, teacher.id)).toHaveLength(3)
    // The database remembers it: another process, or this one restarted, checks no teacher again
    // this week.
    const other = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: '.tmp/unused', log: silent })
    const changes = openChangeRoad(other)
    try {
      expect(await topUpTeachers({ db: other.db, changes }, t.clock.now())).toEqual({ checked: 0, filled: 0 })
    } finally {
      changes.close()
      await other.close()
    }
  })

  // Summer time starts on Sunday 29 March 2026 and ends on Sunday 25 October 2026 (01:00 UTC).
  it.each([
    ['spring', '2026-03-25T10:00:00Z', ['2026-03-28', '2026-03-29', '2026-03-30'], ['07', '06', '06']],
    ['autumn', '2026-10-21T10:00:00Z', ['2026-10-24', '2026-10-25', '2026-10-26'], ['06', '07', '07']],
  ])('keeps Poland wall-clock times across the %s clock change', async (_, now, dates, utcHours) => {
    t.clock.set(now)
    const { teacher, teacherToken, studentToken } = await teacherAndStudent(t)
    await updateTimetable(t, teacherToken, {
      cyclical: true,
      weekdays: everyDay([{ start: '08:00', end: '09:30' }]),
    })
    const query = { teacher_id: teacher.id, date_from: dates[0] ?? '', date_to: dates[2] ?? '' }
    const timetable = parseTimetable((await showTimetable(t, studentToken, query)).json())
    expect(timesByDate(timetable)).toEqual(
      Object.fromEntries(dates.map((date) => [date, ['08:00', '08:45']])),
    )
    const starts = await storedStarts(t, teacher.id)
    for (const [i, date] of dates.entries()) {
      expect(starts).toContain(`${date}T${utcHours[i]}:00:00.000Z`)
      expect(starts).toContain(`${date}T${utcHours[i]}:45:00.000Z`)
    }
  })

  it('validates the query: real dates, in order, at most 14 days apart', async () => {
    const { teacher, studentToken } = await teacherAndStudent(t)
    const cases: [Record<string, string>, string][] = [
      [{ teacher_id: teacher.id, date_from: '2026-02-30', date_to: '2026-03-01' }, 'date_from'],
      [{ teacher_id: teacher.id, date_from: '2026-03-10', date_to: '2026-03-09' }, 'date_to'],
      [{ teacher_id: teacher.id, date_from: '2026-03-01', date_to: '2026-03-16' }, 'date_to'],
      [{ teacher_id: 'nope', date_from: '2026-03-01', date_to: '2026-03-02' }, 'teacher_id'],
    ]
    for (const [query, field] of cases) {
      const response = await showTimetable(t, studentToken, query)
      expect(response.statusCode).toBe(400)
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field)
    }
    const fourteen = { teacher_id: teacher.id, date_from: '2026-03-01', date_to: '2026-03-15' }
    expect((await showTimetable(t, studentToken, fourteen)).statusCode).toBe(200)
  })

  it('answers 404 for an unknown id, a student and a teacher awaiting verification', async () => {
    const { student, studentToken } = await teacherAndStudent(t)
    const pending = await createUser(t.database.db, { role: 'teacher', status: 'pending_verification' })
    const ids = ['00000000-0000-4000-8000-000000000000', student.id, pending.id]
    for (const id of ids) {
      const response = await showTimetable(t, studentToken, {
        teacher_id: id,
        date_from: '2026-03-09',
        date_to: '2026-03-15',
      })
      expect(response.statusCode).toBe(404)
    }
  })
})
