import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../platform/errors.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import {
  activeLessons,
  bookableTeacher,
  bookingBody,
  bookingStudent,
  slotIds,
} from '../../test-support/lessons.ts'
import { statementsSentWhile } from '../../test-support/sent-statements.ts'
import { bookLessons } from './book-lessons.ts'

// Bookings that arrive together are made in one statement and one transaction
// (booking-lanes.ts, db/functions/book-lessons-batch.sql), each answered as if made alone, one
// after another.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
  t.clock.set('2026-03-10T09:00:00Z')
})
afterAll(() => t.close())

const settle = (bookings: Promise<unknown>[]) =>
  Promise.all(
    bookings.map((booking) =>
      booking.then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      ),
    ),
  )

async function teacherWithSlots(days: string[]) {
  const { teacher } = await bookableTeacher(t)
  const reader = await bookingStudent(t)
  const slots = await slotIds(
    t,
    reader.token,
    teacher.id,
    days.map((day) => [day, '08:00']),
  )
  return { teacher, slots }
}

describe('bookings that arrive together', () => {
  it('share one statement, and each is answered as if the earlier ones had committed before it', async () => {
    const { teacher, slots } = await teacherWithSlots([
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ])
    const [a, b, c, d] = slots.map((slot) => [slot])
    const students = await Promise.all([1, 2, 3, 4, 5].map(() => bookingStudent(t)))
    const [first, second, third, fourth, late] = students.map((student) => student.user.id)
    const { sent, result } = await statementsSentWhile(() =>
      settle([
        bookLessons(t.ctx, first ?? '', bookingBody(teacher.id, a ?? []), undefined),
        bookLessons(t.ctx, second ?? '', bookingBody(teacher.id, b ?? []), 'lanes-key-0001'),
        bookLessons(t.ctx, second ?? '', bookingBody(teacher.id, b ?? []), 'lanes-key-0001'),
        bookLessons(t.ctx, third ?? '', bookingBody(teacher.id, c ?? []), undefined),
        bookLessons(t.ctx, fourth ?? '', bookingBody(teacher.id, d ?? []), undefined),
        // Arrives last for the first student's slot: refused, naming the slot.
        bookLessons(t.ctx, late ?? '', bookingBody(teacher.id, a ?? []), undefined),
      ]),
    )
    const [one, two, twoAgain, three, four, taken] = result
    for (const made of [one, two, three, four])
      expect(made).toMatchObject({ answer: { status: 201, replayed: false } })
    // The same key twice in one batch: the second sees the first's answer.
    expect(twoAgain).toMatchObject({ answer: { status: 201, replayed: true } })
    expect(twoAgain).toEqual({ answer: { ...(two as { answer: object }).answer, replayed: true } })
    expect(taken).toMatchObject({ error: expect.any(AppError) })
    expect((taken as { error: AppError }).error).toMatchObject({
      code: 'slot_taken',
      fieldErrors: [{ field: 'time_slot_ids.0' }],
    })
    for (const slot of slots) expect(await activeLessons(t, { slotId: slot })).toHaveLength(1)
    // The first went alone (its lane was idle); the five behind it went together.
    const batches = sent.filter((text) => text.includes('lektorium_book_lessons_batch'))
    expect(batches).toHaveLength(2)
  })

  it('are made one by one when the database refuses one of them with an error, which stays its own', async () => {
    const { teacher, slots } = await teacherWithSlots(['2026-03-16', '2026-03-17'])
    const [first, second, broken] = (await Promise.all([1, 2, 3].map(() => bookingStudent(t)))).map(
      (student) => student.user.id,
    )
    const { sent, result } = await statementsSentWhile(() =>
      settle([
        bookLessons(t.ctx, first ?? '', bookingBody(teacher.id, [slots[0] ?? '']), undefined),
        bookLessons(t.ctx, second ?? '', bookingBody(teacher.id, [slots[1] ?? '']), undefined),
        // Never past the HTTP layer's check: here it makes the batch's statement fail.
        bookLessons(t.ctx, broken ?? '', bookingBody(teacher.id, ['not-a-uuid']), undefined),
      ]),
    )
    const [one, two, bad] = result
    expect(one).toMatchObject({ answer: { status: 201 } })
    expect(two).toMatchObject({ answer: { status: 201 } })
    expect(bad).toMatchObject({ error: expect.any(pg.DatabaseError) })
    expect(sent.filter((text) => text.includes('lektorium_book_lessons_batch'))).toHaveLength(2)
    expect(sent.filter((text) => text.includes('select lektorium_book_lessons('))).toHaveLength(2)
    expect(await activeLessons(t, { slotId: slots[1] ?? '' })).toHaveLength(1)
  })
})
