import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { User } from '../../platform/sessions.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser, signIn } from '../../test-support/fixtures.ts'
import {
  addLesson,
  addSlot,
  createTeacher,
  dictionaryIds,
  parseSearch,
  removeTeachers,
  searchTeachers,
  tokenOf,
} from '../../test-support/teacher-fixtures.ts'
import { updateTimetable } from '../../test-support/timetables.ts'
import { saveSettings } from '../settings/repository.ts'
import { DEFAULT_SETTINGS } from '../settings/service.ts'

// The day and time filters of GET /teachers/search find teachers with a FREE slot (product-rules.md
// "Slot states": no active lesson, not missed; "Teacher search": inside the asker's schedule range,
// Poland time, the ±2 h window wrapping to 00:00), and results are ordered by the soonest free
// slot.

let t: TestApp
let ids: Awaited<ReturnType<typeof dictionaryIds>>
let student: User
let token: string
beforeAll(async () => {
  t = await buildTestApp()
  ids = await dictionaryIds(t.database.db)
  student = await createUser(t.database.db, { humanAccess: true })
  token = await tokenOf(t, student)
})
afterAll(() => t.close())
// Tuesday 10 March 2026, 10:00 Poland time (CET, UTC+1): the schedule range is 9–22 March and,
// with the 12-hour grace period, the first bookable instant is 22:00 Poland time (21:00 UTC).
beforeEach(async () => {
  t.clock.set('2026-03-10T09:00:00Z')
  await saveSettings(t.database.db, DEFAULT_SETTINGS, t.clock.now())
  await removeTeachers(t.database.db)
})

const window = (from: string, to: string) => JSON.stringify({ from, to })

async function found(query: Record<string, string>, as = token) {
  const response = await searchTeachers(t, as, query)
  expect(response.statusCode).toBe(200)
  return parseSearch(response.json()).data.map(({ last_name, next_free_slot }) => [last_name, next_free_slot])
}

/** A teacher with one slot per ISO start. */
async function teacherWithSlots(lastName: string, starts: string[]) {
  const teacher = await createTeacher(t.database.db, {}, { lastName })
  const slots = []
  for (const start of starts) slots.push(await addSlot(t.database.db, teacher.id, start))
  return { teacher, slots }
}

const lessonIn = (slot: Awaited<ReturnType<typeof addSlot>>, cancelledAt?: Date) =>
  addLesson(t.database.db, {
    student,
    slot,
    languageId: ids.language('English'),
    levelId: ids.level('B1'),
    ...(cancelledAt ? { cancelledAt } : {}),
  })

describe('GET /teachers/search: free slots', () => {
  it('with a day, returns only teachers with a free slot on that Poland date', async () => {
    // 12 March 00:30 Poland time is still 11 March in UTC.
    await teacherWithSlots('Thursday', ['2026-03-11T23:30:00Z', '2026-03-12T07:00:00Z'])
    await teacherWithSlots('Friday', ['2026-03-13T07:00:00Z'])
    expect(await found({ day: '2026-03-12' })).toEqual([['Thursday', '2026-03-11T23:30:00.000Z']])
  })

  it('skips a slot an active lesson holds; a cancelled lesson frees it', async () => {
    const { slots } = await teacherWithSlots('Booked', ['2026-03-12T07:00:00Z', '2026-03-12T08:00:00Z'])
    const [first, second] = slots
    if (!first || !second) throw new Error('slots missing')
    await lessonIn(first)
    expect(await found({ day: '2026-03-12' })).toEqual([['Booked', '2026-03-12T08:00:00.000Z']])
    await lessonIn(second)
    expect(await found({ day: '2026-03-12' })).toEqual([])
    await lessonIn(await addSlot(t.database.db, first.teacherId, '2026-03-12T09:00:00Z'), t.clock.now())
    expect(await found({ day: '2026-03-12' })).toEqual([['Booked', '2026-03-12T09:00:00.000Z']])
  })

  it('skips missed slots: sooner than the grace period from settings', async () => {
    await teacherWithSlots('Tonight', ['2026-03-10T20:00:00Z', '2026-03-10T21:00:00Z'])
    expect(await found({ day: '2026-03-10' })).toEqual([['Tonight', '2026-03-10T21:00:00.000Z']])
    await saveSettings(t.database.db, { ...DEFAULT_SETTINGS, lessonEarlinessCondition: 20 }, t.clock.now())
    expect(await found({ day: '2026-03-10' })).toEqual([])
    await saveSettings(t.database.db, { ...DEFAULT_SETTINGS, lessonEarlinessCondition: 0 }, t.clock.now())
    expect(await found({ day: '2026-03-10', time: window('20:00', '00:00') })).toEqual([
      ['Tonight', '2026-03-10T20:00:00.000Z'],
    ])
  })

  it('ignores slots outside the schedule range (current and next week)', async () => {
    await teacherWithSlots('Later', ['2026-03-23T08:00:00Z'])
    expect(await found({ day: '2026-03-23' })).toEqual([])
    expect(await found({ time: window('08:00', '10:00') })).toEqual([])
    expect(await found({})).toEqual([['Later', null]])
  })

  it("ends a student's range at their active_until; a teacher searching is not cut", async () => {
    await teacherWithSlots('Second week', ['2026-03-16T08:00:00Z'])
    const expiring = await createUser(t.database.db, { activeUntil: '2026-03-15' })
    const expiringToken = (await signIn(t.app, expiring.email)).token
    const colleague = await createTeacher(t.database.db, {}, { lastName: 'Colleague' })
    const colleagueToken = await tokenOf(t, colleague)
    const query = { time: window('08:00', '10:00') }
    expect(await found(query, expiringToken)).toEqual([])
    expect(await found(query, token)).toEqual([['Second week', '2026-03-16T08:00:00.000Z']])
    expect(await found(query, colleagueToken)).toEqual([['Second week', '2026-03-16T08:00:00.000Z']])
    const expired = await createUser(t.database.db, { activeUntil: '2026-03-01' })
    expect(await found({ day: '2026-03-16' }, (await signIn(t.app, expired.email)).token)).toEqual([])
  })

  it('keeps a slot whose Poland start time lies in [from, to), on any date of the range', async () => {
    // CET: Poland time is UTC + 1, so Edges' slots start at 07:45 and 12:00.
    await teacherWithSlots('Edges', ['2026-03-12T06:45:00Z', '2026-03-12T11:00:00Z'])
    await teacherWithSlots('Inside', ['2026-03-12T06:45:00Z', '2026-03-18T07:00:00Z'])
    await teacherWithSlots('Last', ['2026-03-12T10:00:00Z'])
    const query = { time: window('08:00', '12:00') }
    expect(await found(query)).toEqual([
      ['Last', '2026-03-12T10:00:00.000Z'],
      ['Inside', '2026-03-18T07:00:00.000Z'],
    ])
    expect(await found({ ...query, day: '2026-03-18' })).toEqual([['Inside', '2026-03-18T07:00:00.000Z']])
  })

  it('reads a window ending at 00:00 as the end of the day (22:00 and later wraps)', async () => {
    await teacherWithSlots('Late', ['2026-03-12T21:15:00Z'])
    await teacherWithSlots('Early', ['2026-03-12T18:45:00Z'])
    await teacherWithSlots('Midnight', ['2026-03-12T23:00:00Z'])
    // The web sends 22:00 ± 2 h as {from: '20:00', to: '00:00'} (searchWindow).
    expect(await found({ day: '2026-03-12', time: window('20:00', '00:00') })).toEqual([
      ['Late', '2026-03-12T21:15:00.000Z'],
    ])
  })

  it.each([
    ['spring', '2026-03-25T10:00:00Z', '2026-03-29', '2026-03-29T06:00:00.000Z', '2026-03-29T07:00:00Z'],
    ['autumn', '2026-10-21T10:00:00Z', '2026-10-25', '2026-10-25T07:00:00.000Z', '2026-10-25T08:00:00Z'],
  ])('matches Poland wall-clock times on the %s clock-change day', async (_, now, day, eight, nine) => {
    t.clock.set(now)
    const later = await tokenOf(t, student)
    await teacherWithSlots('Eight', [eight])
    await teacherWithSlots('Nine', [nine])
    expect(await found({ day, time: window('07:00', '09:00') }, later)).toEqual([['Eight', eight]])
    const nineIso = new Date(nine).toISOString()
    expect(await found({ day, time: window('09:00', '11:00') }, later)).toEqual([['Nine', nineIso]])
  })

  it('finds slots a teacher published through timetables/update', async () => {
    const teacher = await createTeacher(t.database.db, {}, { lastName: 'Published' })
    const weekdays = { '3': [{ start: '16:00', end: '17:30' }] }
    const saved = await updateTimetable(t, await tokenOf(t, teacher), { cyclical: true, weekdays })
    expect(saved.statusCode).toBe(200)
    expect(await found({ day: '2026-03-18', time: window('15:00', '19:00') })).toEqual([
      ['Published', '2026-03-18T15:00:00.000Z'],
    ])
  })
})

describe('GET /teachers/search: order', () => {
  it('orders by the soonest free slot (none last), then last name, first name and id', async () => {
    const db = t.database.db
    await teacherWithSlots('Zieliński', ['2026-03-12T08:00:00Z'])
    await teacherWithSlots('Wrona', ['2026-03-11T08:00:00Z', '2026-03-20T08:00:00Z'])
    await teacherWithSlots('Adamczyk', ['2026-03-12T08:00:00Z'])
    await createTeacher(db, {}, { lastName: 'Kowalska', firstName: 'Beata' })
    await createTeacher(db, {}, { lastName: 'Kowalska', firstName: 'Anna' })
    const twins = [
      await createTeacher(db, {}, { lastName: 'Nowak', firstName: 'Jan' }),
      await createTeacher(db, {}, { lastName: 'Nowak', firstName: 'Jan' }),
    ].sort((a, b) => (a.id < b.id ? -1 : 1))
    const response = await searchTeachers(t, token)
    const page = parseSearch(response.json())
    expect(page.data.map((r) => `${r.last_name} ${r.first_name}`)).toEqual([
      'Wrona Anna',
      'Adamczyk Anna',
      'Zieliński Anna',
      'Kowalska Anna',
      'Kowalska Beata',
      'Nowak Jan',
      'Nowak Jan',
    ])
    expect(page.data.slice(-2).map((r) => r.id)).toEqual(twins.map((twin) => twin.id))
    expect(page.data[0]?.next_free_slot).toBe('2026-03-11T08:00:00.000Z')
  })
})
