import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { teacherStudents, timeSlots, users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { AppError } from '../../platform/errors.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import {
  activeLessons,
  B1,
  bookableTeacher,
  bookingBody,
  bookingStudent,
  C1,
  createLessons,
  ENGLISH,
  POLISH,
  parseBooking,
  slotIds,
} from '../../test-support/lessons.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { saveSettings } from '../settings/repository.ts'
import { DEFAULT_SETTINGS } from '../settings/service.ts'
import { bookLessons } from './book-lessons.ts'

// POST /lessons/create enforces every booking rule on the server (product-rules.md "Booking").

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
// Tuesday 10 March 2026, 10:00 Poland time (CET): the schedule range is 9–22 March; with the
// 12-hour grace period the first bookable slot is Wednesday 11 March 08:00.
beforeEach(async () => {
  t.clock.set('2026-03-10T09:00:00Z')
  await saveSettings(t.database.db, DEFAULT_SETTINGS, t.clock.now())
})

async function setup(student: Parameters<typeof bookingStudent>[1] = {}) {
  const { teacher, teacherToken } = await bookableTeacher(t)
  const { user, token } = await bookingStudent(t, student)
  const slots = (at: [string, string][]) => slotIds(t, token, teacher.id, at)
  return { teacher, teacherToken, student: user, token, slots }
}

async function refusal(response: Awaited<ReturnType<typeof createLessons>>) {
  const body: { code: string; error: string; params?: Record<string, string> } = response.json()
  return { status: response.statusCode, ...body }
}

/** The refusal's per-slot errors: which requested slots it is about. */
function slotErrors(response: Awaited<ReturnType<typeof createLessons>>) {
  const body = v.parse(
    v.object({ errors: v.array(v.object({ field: v.string(), message: v.string() })) }),
    response.json(),
  )
  return body.errors
}

describe('POST /lessons/create', () => {
  it('books the slots as scheduled lessons that copy the slot times (201)', async () => {
    const { teacher, student, token, slots } = await setup()
    const ids = await slots([
      ['2026-03-12', '09:30'],
      ['2026-03-11', '08:00'],
    ])
    const response = await createLessons(t, token, bookingBody(teacher.id, ids))
    expect(response.statusCode).toBe(201)
    const booked = parseBooking(response.json()).lessons
    expect(booked.map((l) => [l.time_slot_id, l.scheduled_at])).toEqual([
      [ids[1], '2026-03-11T07:00:00.000Z'],
      [ids[0], '2026-03-12T08:30:00.000Z'],
    ])
    expect(booked[0]).toMatchObject({
      teacher_id: teacher.id,
      student_id: student.id,
      language_id: ENGLISH,
      level_id: B1,
      status: 'scheduled',
    })
    const rows = await activeLessons(t, { studentId: student.id })
    expect(rows.map((row) => [row.startsAt.toISOString(), row.endsAt.toISOString()]).sort()).toEqual([
      ['2026-03-11T07:00:00.000Z', '2026-03-11T07:45:00.000Z'],
      ['2026-03-12T08:30:00.000Z', '2026-03-12T09:15:00.000Z'],
    ])
  })

  it('is for students only: a teacher gets 403', async () => {
    const { teacher, teacherToken, slots } = await setup()
    const ids = await slots([['2026-03-11', '08:00']])
    const response = await createLessons(t, teacherToken, bookingBody(teacher.id, ids))
    expect(await refusal(response)).toMatchObject({ status: 403, code: 'forbidden' })
  })

  it('refuses a student without human_access (403 human_access_required)', async () => {
    const { teacher, slots } = await setup()
    const { token } = await bookingStudent(t, { humanAccess: false })
    const ids = await slots([['2026-03-11', '08:00']])
    expect(await refusal(await createLessons(t, token, bookingBody(teacher.id, ids)))).toMatchObject({
      status: 403,
      code: 'human_access_required',
    })
  })

  // Rules the screens enforced and the server once did not (product-rules.md "Navigation guard").
  it('refuses a student who may take group lessons only (403 group_lessons_only)', async () => {
    const { teacher, slots } = await setup()
    const { token } = await bookingStudent(t, { onlyGroupLessons: true })
    const ids = await slots([['2026-03-11', '08:00']])
    expect(await refusal(await createLessons(t, token, bookingBody(teacher.id, ids)))).toMatchObject({
      status: 403,
      code: 'group_lessons_only',
    })
  })

  it('refuses a student whose registration is not complete (403 registration_incomplete)', async () => {
    const { teacher, slots } = await setup()
    const { token } = await bookingStudent(t, { registrationCompleted: false })
    const ids = await slots([['2026-03-11', '08:00']])
    expect(await refusal(await createLessons(t, token, bookingBody(teacher.id, ids)))).toMatchObject({
      status: 403,
      code: 'registration_incomplete',
    })
  })

  it('refuses a student banned after signing in (403 account_banned with the end date)', async () => {
    const { teacher, student, slots } = await setup()
    const ids = await slots([['2026-03-11', '08:00']])
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date('2026-03-20T10:00:00Z') })
      .where(eq(users.id, student.id))
    const booking = bookLessons(t.ctx, student.id, bookingBody(teacher.id, ids), undefined)
    const error = await booking.then(
      () => null,
      (failure: unknown) => failure,
    )
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ status: 403, code: 'account_banned', params: { date: '20.03.2026' } })
  })

  it("refuses an account whose active_until has passed, in the spec's words (422 account_expired)", async () => {
    const { teacher, slots } = await setup()
    const [id] = await slots([['2026-03-11', '08:00']])
    const { token } = await bookingStudent(t, { activeUntil: '2026-03-09' })
    const answer = await refusal(await createLessons(t, token, bookingBody(teacher.id, [id ?? ''])))
    expect(answer).toMatchObject({ status: 422, code: 'account_expired' })
    expect(answer.error).toContain("exceeds 'active until'")
    expect(answer.error).toContain('You cannot schedule a lesson after the account has expired')
  })

  it('refuses a slot on a date after active_until (422 account_expired), and books up to that day', async () => {
    const { teacher, slots } = await setup()
    const { token } = await bookingStudent(t, { activeUntil: '2026-03-11' })
    const [wednesday, thursday] = await slots([
      ['2026-03-11', '08:00'],
      ['2026-03-12', '08:00'],
    ])
    const late = await createLessons(t, token, bookingBody(teacher.id, [thursday ?? '']))
    expect(await refusal(late)).toMatchObject({ status: 422, code: 'account_expired' })
    expect((await createLessons(t, token, bookingBody(teacher.id, [wednesday ?? '']))).statusCode).toBe(201)
  })

  it('answers 404 for an unknown teacher, a teacher awaiting verification and a student id', async () => {
    const { student, token, slots, teacher } = await setup()
    const ids = await slots([['2026-03-11', '08:00']])
    const { user: pending } = await signedInUser(t, { role: 'teacher', status: 'pending_verification' })
    for (const id of ['00000000-0000-4000-8000-000000000000', pending.id, student.id]) {
      const answer = await refusal(await createLessons(t, token, bookingBody(id, ids)))
      expect(answer).toMatchObject({ status: 404, code: 'not_found' })
    }
    expect(await activeLessons(t, { studentId: student.id })).toHaveLength(0)
    expect(teacher.id).toBeTruthy()
  })

  it('books a level at or below the teacher’s, and refuses a higher level or another language', async () => {
    const { teacher, token, slots } = await setup()
    const [first, second] = await slots([
      ['2026-03-11', '08:00'],
      ['2026-03-12', '08:00'],
    ])
    const above = await createLessons(t, token, bookingBody(teacher.id, [first ?? ''], C1 + 1))
    expect(await refusal(above)).toMatchObject({ status: 422, code: 'language_not_taught' })
    const polish = await createLessons(t, token, {
      ...bookingBody(teacher.id, [first ?? '']),
      language_id: POLISH,
    })
    expect(await refusal(polish)).toMatchObject({ status: 422, code: 'language_not_taught' })
    expect((await createLessons(t, token, bookingBody(teacher.id, [first ?? ''], C1))).statusCode).toBe(201)
    expect((await createLessons(t, token, bookingBody(teacher.id, [second ?? ''], 1))).statusCode).toBe(201)
  })

  it('refuses a new student of a teacher not accepting new students, but books an allowed one', async () => {
    const { teacher, token, slots } = await setup()
    await t.database.db.update(users).set({ notAcceptingNewStudents: true }).where(eq(users.id, teacher.id))
    const ids = await slots([['2026-03-11', '08:00']])
    const answer = await refusal(await createLessons(t, token, bookingBody(teacher.id, ids)))
    expect(answer).toMatchObject({ status: 422, code: 'not_accepting_new_students' })
    expect(answer.error).toBe('Currently does not accept new students')

    const allowed = await bookingStudent(t)
    await t.database.db.insert(teacherStudents).values({ teacherId: teacher.id, studentId: allowed.user.id })
    expect((await createLessons(t, allowed.token, bookingBody(teacher.id, ids))).statusCode).toBe(201)
  })

  it('refuses unknown slots, another teacher’s, missed ones and those outside the range (422 slot_unavailable)', async () => {
    const { teacher, token, slots } = await setup()
    const { teacher: other } = await bookableTeacher(t)
    const [otherSlot] = await slotIds(t, token, other.id, [['2026-03-11', '08:00']])
    // Tuesday 10 March 10:15 and 11:00 start within 12 hours: missed (product-rules.md "Grace
    // period").
    const [missed] = await slots([['2026-03-10', '11:00']])
    const [later] = await t.database.db
      .insert(timeSlots)
      .values({
        teacherId: teacher.id,
        startsAt: new Date('2026-03-23T07:00:00Z'),
        endsAt: new Date('2026-03-23T07:45:00Z'),
      })
      .returning()
    const cases = ['00000000-0000-4000-8000-000000000000', otherSlot, missed, later?.id]
    for (const id of cases) {
      const answer = await refusal(await createLessons(t, token, bookingBody(teacher.id, [id ?? ''])))
      expect(answer).toMatchObject({ status: 422, code: 'slot_unavailable' })
    }
  })

  it('books two lessons with one teacher on different dates only (422 one_lesson_with_teacher)', async () => {
    const { teacher, token, slots } = await setup()
    const ids = await slots([
      ['2026-03-11', '08:00'],
      ['2026-03-11', '10:15'],
    ])
    const response = await createLessons(t, token, bookingBody(teacher.id, [...ids].reverse()))
    const answer = await refusal(response)
    expect(answer).toMatchObject({ status: 422, code: 'one_lesson_with_teacher' })
    expect(answer.error).toBe('You can only schedule one lesson with this teacher')
    // The refusal names the later slot of the date (its index in the request),
    // so the web keeps the other chosen.
    expect(slotErrors(response)).toEqual([
      { field: 'time_slot_ids.0', message: 'You can only schedule one lesson with this teacher' },
    ])
  })

  it('counts dates in Poland time: 00:15 in Warsaw is the same date as 08:00, though UTC says the day before', async () => {
    // Timetables hold slots from 06:00 to 23:00 only, where UTC and Poland dates agree; slots an
    // operator wrote by hand need not. The rules run in the database (db/functions/book-lessons.sql)
    // and must read Poland dates: Thursday 12 March 00:15 in Warsaw is 23:15 UTC on the 11th.
    const { teacher, token, slots } = await setup({ scheduledLessonsLimit: 5 })
    const at = (iso: string) => ({
      teacherId: teacher.id,
      startsAt: new Date(iso),
      endsAt: new Date(new Date(iso).getTime() + 45 * 60_000),
    })
    const [evening, midnight] = await t.database.db
      .insert(timeSlots)
      .values([at('2026-03-11T20:00:00Z'), at('2026-03-11T23:15:00Z')])
      .returning({ id: timeSlots.id })
    const [morningId] = await slots([['2026-03-12', '08:00']])
    const morning = { id: morningId ?? '' }
    const ids = (...picked: (typeof evening)[]) => picked.map((slot) => slot?.id ?? '')
    const sameDate = await createLessons(t, token, bookingBody(teacher.id, ids(morning, midnight)))
    expect(await refusal(sameDate)).toMatchObject({ status: 422, code: 'one_lesson_with_teacher' })
    expect(slotErrors(sameDate).map((error) => error.field)).toEqual(['time_slot_ids.0'])
    expect((await createLessons(t, token, bookingBody(teacher.id, ids(evening, midnight)))).statusCode).toBe(
      201,
    )
  })

  it('answers 409 slot_taken for a slot someone else booked; a cancelled lesson frees it', async () => {
    const { teacher, token, slots } = await setup()
    const ids = await slots([['2026-03-11', '08:00']])
    const first = await bookingStudent(t)
    expect((await createLessons(t, first.token, bookingBody(teacher.id, ids))).statusCode).toBe(201)
    expect(await refusal(await createLessons(t, token, bookingBody(teacher.id, ids)))).toMatchObject({
      status: 409,
      code: 'slot_taken',
    })
    await t.database.db
      .update(lessons)
      .set({ cancelledAt: t.clock.now() })
      .where(eq(lessons.studentId, first.user.id))
    expect((await createLessons(t, token, bookingBody(teacher.id, ids))).statusCode).toBe(201)
  })

  it('refuses a date on which the student already has a lesson, with any teacher (422 lesson_date_taken)', async () => {
    const { teacher, token, student } = await setup()
    const { teacher: other } = await bookableTeacher(t, {
      weekdays: {
        '3': [
          { start: '08:30', end: '09:15' },
          { start: '15:00', end: '15:45' },
        ],
      },
    })
    const [otherSlot] = await slotIds(t, token, other.id, [['2026-03-11', '08:30']])
    expect((await createLessons(t, token, bookingBody(other.id, [otherSlot ?? '']))).statusCode).toBe(201)
    const [overlapping, sameDate, nextDay] = await slotIds(t, token, teacher.id, [
      ['2026-03-11', '08:00'],
      ['2026-03-11', '11:00'],
      ['2026-03-12', '08:00'],
    ])
    for (const id of [overlapping, sameDate]) {
      const response = await createLessons(t, token, bookingBody(teacher.id, [nextDay ?? '', id ?? '']))
      const answer = await refusal(response)
      expect(answer).toMatchObject({ status: 422, code: 'lesson_date_taken' })
      expect(answer.error).toBe('You already have a lesson scheduled for this date')
      expect(slotErrors(response)).toEqual([
        { field: 'time_slot_ids.1', message: 'You already have a lesson scheduled for this date' },
      ])
    }
    expect((await createLessons(t, token, bookingBody(teacher.id, [nextDay ?? '']))).statusCode).toBe(201)
    expect(await activeLessons(t, { studentId: student.id })).toHaveLength(2)
  })

  it('holds the scheduled-lessons limit (default 2) counting lessons not yet ended (422 lesson_limit)', async () => {
    const { teacher, token, student, slots } = await setup()
    const ids = await slots([
      ['2026-03-11', '08:00'],
      ['2026-03-12', '08:00'],
      ['2026-03-13', '08:00'],
    ])
    const three = await refusal(await createLessons(t, token, bookingBody(teacher.id, ids)))
    expect(three).toMatchObject({ status: 422, code: 'lesson_limit', params: { limit: '2' } })
    expect(three.error).toBe('Limit of 2 lessons scheduled at once')
    expect((await createLessons(t, token, bookingBody(teacher.id, ids.slice(0, 2)))).statusCode).toBe(201)
    const third = await refusal(await createLessons(t, token, bookingBody(teacher.id, ids.slice(2))))
    expect(third).toMatchObject({ status: 422, code: 'lesson_limit' })

    // A raised limit (operator command) lets the third through.
    await t.database.db.update(users).set({ scheduledLessonsLimit: 3 }).where(eq(users.id, student.id))
    expect((await createLessons(t, token, bookingBody(teacher.id, ids.slice(2)))).statusCode).toBe(201)
  })

  it('does not count a lesson that has ended against the limit', async () => {
    const { teacher, token, student, slots } = await setup()
    const [past] = await slots([['2026-03-09', '08:00']])
    await t.database.db.insert(lessons).values({
      studentId: student.id,
      teacherId: teacher.id,
      timeSlotId: past ?? '',
      languageId: ENGLISH,
      levelId: B1,
      startsAt: new Date('2026-03-09T07:00:00Z'),
      endsAt: new Date('2026-03-09T07:45:00Z'),
    })
    const ids = await slots([
      ['2026-03-11', '08:00'],
      ['2026-03-12', '08:00'],
    ])
    expect((await createLessons(t, token, bookingBody(teacher.id, ids))).statusCode).toBe(201)
  })

  it("holds the teacher's monthly cap per Poland calendar month (422 teacher_monthly_income)", async () => {
    t.clock.set('2026-03-25T09:00:00Z') // Wednesday; the range runs to Sunday 5 April
    const { teacher, slots } = await setup()
    await t.database.db.update(users).set({ monthlyLessonCap: 1 }).where(eq(users.id, teacher.id))
    const [march, march2, april] = await slots([
      ['2026-03-27', '08:00'],
      ['2026-03-30', '08:00'],
      ['2026-04-01', '08:00'],
    ])
    const first = await bookingStudent(t)
    expect((await createLessons(t, first.token, bookingBody(teacher.id, [march ?? '']))).statusCode).toBe(201)
    const second = await bookingStudent(t)
    const answer = await refusal(
      await createLessons(t, second.token, bookingBody(teacher.id, [march2 ?? ''])),
    )
    expect(answer).toMatchObject({ status: 422, code: 'teacher_monthly_income' })
    expect(answer.error).toContain('maximum monthly income')
    expect(answer.error).not.toMatch(/limit/i)
    expect((await createLessons(t, second.token, bookingBody(teacher.id, [april ?? '']))).statusCode).toBe(
      201,
    )
  })

  it('validates the body and the Idempotency-Key header (400)', async () => {
    const { teacher, token } = await setup()
    const empty = await createLessons(t, token, bookingBody(teacher.id, []))
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toMatchObject([{ field: 'time_slot_ids', code: 'slot_required' }])
    const id = '00000000-0000-4000-8000-000000000000'
    const twice = await createLessons(t, token, bookingBody(teacher.id, [id, id]))
    expect(twice.json().errors).toMatchObject([{ field: 'time_slot_ids', code: 'slot_duplicate' }])
    const badKey = await createLessons(t, token, bookingBody(teacher.id, [id]), 'no spaces allowed')
    expect(badKey.statusCode).toBe(400)
    expect(badKey.json().errors).toMatchObject([{ field: 'Idempotency-Key' }])
  })
})
