import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/client.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { post } from '../../test-support/http.ts'
import {
  bookableTeacher,
  bookingBody,
  bookingStudent,
  createLessons,
  ENGLISH,
  everyDay,
  slotAt,
  timetableOf,
} from '../../test-support/lessons.ts'
import { addSlot, parseSearch, searchTeachers } from '../../test-support/teacher-fixtures.ts'
import { updateTimetable } from '../../test-support/timetables.ts'

// The teacher board (teacher-board.ts) with its cache on, as in production: this process's own
// writes are read at once, and so are another process's (through the change feed).
// The test clock starts on Tuesday 2026-03-10, 10:00 Poland time.

const TTL_MS = 60_000
const silent = { info: () => {}, error: () => {} }
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ config: { boardCacheMs: TTL_MS } })
})
afterAll(() => t.close())

const THURSDAY = '2026-03-12'
const week = (token: string, teacherId: string) =>
  timetableOf(t, token, teacherId, '2026-03-09', '2026-03-15')
const slotOf = async (token: string, teacherId: string, time: string) =>
  (await week(token, teacherId)).timetable
    .find((d) => d.date === THURSDAY)
    ?.slots.find((s) => s.time === time)
const search = async (token: string, query: Record<string, string>) =>
  parseSearch((await searchTeachers(t, token, { language_id: String(ENGLISH), ...query })).json())

describe('teacher board', () => {
  it('shows a booking at once in the timetable and in the search', async () => {
    const { teacher } = await bookableTeacher(t, { weekdays: everyDay([{ start: '08:00', end: '09:30' }]) })
    const { token } = await bookingStudent(t)
    const thursday = { day: THURSDAY, time: JSON.stringify({ from: '08:00', to: '09:00' }) }
    const before = await search(token, thursday)
    expect(before.data.find((r) => r.id === teacher.id)?.next_free_slot).toBe('2026-03-12T07:00:00.000Z')
    const slotId = slotAt(await week(token, teacher.id), THURSDAY, '08:00')
    expect((await createLessons(t, token, bookingBody(teacher.id, [slotId]))).statusCode).toBe(201)
    expect(await slotOf(token, teacher.id, '08:00')).toMatchObject({ scheduled: true, available: false })
    // The 08:45 slot is the only free one left in the window.
    const after = await search(token, thursday)
    expect(after.data.find((r) => r.id === teacher.id)?.next_free_slot).toBe('2026-03-12T07:45:00.000Z')
  })

  it('shows a schedule change and a profile change at once', async () => {
    const { teacher, teacherToken } = await bookableTeacher(t)
    const { token } = await bookingStudent(t)
    expect(await slotOf(token, teacher.id, '15:00')).toBeUndefined()
    const weekdays = everyDay([{ start: '15:00', end: '16:00' }])
    expect((await updateTimetable(t, teacherToken, { cyclical: true, weekdays })).statusCode).toBe(200)
    expect(await slotOf(token, teacher.id, '15:00')).toMatchObject({ available: true })
    const update = await post(t.app, '/teachers/update', {
      token: teacherToken,
      payload: { not_accepting_new_students: true },
    })
    expect(update.statusCode).toBe(200)
    expect((await week(token, teacher.id)).not_accepting_new_students).toBe(true)
  })

  it('orders the search by the new name at once after a rename', async () => {
    const first = await bookableTeacher(t, { values: { firstName: 'Ewa', lastName: 'Aaa-first' } })
    const second = await bookableTeacher(t, { values: { firstName: 'Ewa', lastName: 'Aab-second' } })
    const { token } = await bookingStudent(t)
    const order = async () =>
      (await search(token, { per_page: '50' })).data
        .map((r) => r.id)
        .filter((id) => id === first.teacher.id || id === second.teacher.id)
    expect(await order()).toEqual([first.teacher.id, second.teacher.id])
    const rename = await post(t.app, '/teachers/update', {
      token: first.teacherToken,
      payload: {
        first_name: 'Ewa',
        last_name: 'Zzz',
        phone_number: '+48500100200',
        date_of_birth: '1990-01-01',
      },
    })
    expect(rename.statusCode).toBe(200)
    expect(await order()).toEqual([second.teacher.id, first.teacher.id])
  })

  it('sees a change another process commits at once, through the change feed', async () => {
    const { teacher } = await bookableTeacher(t)
    const { token } = await bookingStudent(t)
    expect(await slotOf(token, teacher.id, '19:00')).toBeUndefined()
    // Another process: connections of their own, under another application_name.
    const other = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: '.tmp/unused', log: silent })
    try {
      await addSlot(other.db, teacher.id, '2026-03-12T18:00:00Z')
    } finally {
      await other.close()
    }
    await expect
      .poll(() => slotOf(token, teacher.id, '19:00'), { timeout: 1000 })
      .toMatchObject({
        available: true,
      })
  })

  it('reloads a change that skipped the marks once the cache time has passed', async () => {
    const { teacher } = await bookableTeacher(t)
    const { token } = await bookingStudent(t)
    expect(await slotOf(token, teacher.id, '20:00')).toBeUndefined()
    // Written on the app's own connections without marking the board: no notification helps.
    await addSlot(t.database.db, teacher.id, '2026-03-12T19:00:00Z')
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Answered from memory within the cache time…
    expect(await slotOf(token, teacher.id, '20:00')).toBeUndefined()
    // …and read again once it has passed twice over (in between, the old copy answers while a
    // fresh one loads in the background).
    t.clock.advance(2 * TTL_MS + 1)
    expect(await slotOf(token, teacher.id, '20:00')).toMatchObject({ available: true })
  })
})
