import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { idempotencyKeys } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import {
  activeLessons,
  bookableTeacher,
  bookingBody,
  bookingStudent,
  createLessons,
  slotIds,
} from '../../test-support/lessons.ts'

// The database makes a double booking impossible, and an Idempotency-Key makes a retry safe
// (architecture.md "Data", "API"). Runs on PGlite and on PostgreSQL, where the requests really
// race.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

async function oneSlot() {
  const { teacher } = await bookableTeacher(t)
  const student = await bookingStudent(t)
  const [slot, other] = await slotIds(t, student.token, teacher.id, [
    ['2026-03-11', '08:00'],
    ['2026-03-12', '08:00'],
  ])
  return { teacher, student, slot: slot ?? '', other: other ?? '' }
}

describe('concurrent bookings', () => {
  it('books one slot exactly once when 200 students ask at the same time; the rest get a clean 409', async () => {
    const { teacher, slot } = await oneSlot()
    const students = []
    for (let i = 0; i < 200; i++) students.push(await bookingStudent(t))
    const answers = await Promise.all(
      students.map(({ token }) => createLessons(t, token, bookingBody(teacher.id, [slot]))),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(199)
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ code: 'slot_taken' })
    }
    expect(await activeLessons(t, { slotId: slot })).toHaveLength(1)
  })
})

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and books nothing again', async () => {
    const { teacher, student, slot } = await oneSlot()
    const body = bookingBody(teacher.id, [slot])
    const first = await createLessons(t, student.token, body, 'retry-key-0001')
    const again = await createLessons(t, student.token, { ...body }, 'retry-key-0001')
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    expect(await activeLessons(t, { studentId: student.user.id })).toHaveLength(1)
  })

  it('books once when the same key arrives several times at once', async () => {
    const { teacher, student, slot } = await oneSlot()
    const body = bookingBody(teacher.id, [slot])
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => createLessons(t, student.token, body, 'parallel-key-01')),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201))
    const bodies = new Set(answers.map((answer) => answer.body))
    expect(bodies.size).toBe(1)
    expect(await activeLessons(t, { studentId: student.user.id })).toHaveLength(1)
  })

  it('refuses the same key with another body (422 idempotency_key_reused)', async () => {
    const { teacher, student, slot, other } = await oneSlot()
    expect(
      (await createLessons(t, student.token, bookingBody(teacher.id, [slot]), 'reused-key-01')).statusCode,
    ).toBe(201)
    const reused = await createLessons(t, student.token, bookingBody(teacher.id, [other]), 'reused-key-01')
    expect(reused.statusCode).toBe(422)
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' })
    expect(await activeLessons(t, { studentId: student.user.id })).toHaveLength(1)
  })

  it('stores nothing for a refusal, so a retry with the same key runs again', async () => {
    const { teacher, student, slot } = await oneSlot()
    const rival = await bookingStudent(t)
    expect((await createLessons(t, rival.token, bookingBody(teacher.id, [slot]))).statusCode).toBe(201)
    const body = bookingBody(teacher.id, [slot])
    const refused = await createLessons(t, student.token, body, 'after-refusal-1')
    expect(refused.statusCode).toBe(409)
    await t.database.db
      .update(lessons)
      .set({ cancelledAt: t.clock.now() })
      .where(eq(lessons.timeSlotId, slot))
    expect((await createLessons(t, student.token, body, 'after-refusal-1')).statusCode).toBe(201)
  })

  it('keeps keys per user: another student may use the same key', async () => {
    const { teacher, slot, other } = await oneSlot()
    const [a, b] = [await bookingStudent(t), await bookingStudent(t)]
    expect(
      (await createLessons(t, a.token, bookingBody(teacher.id, [slot]), 'shared-key-01')).statusCode,
    ).toBe(201)
    const second = await createLessons(t, b.token, bookingBody(teacher.id, [other]), 'shared-key-01')
    expect(second.statusCode).toBe(201)
    expect(second.headers['idempotent-replayed']).toBeUndefined()
  })

  it('purges keys older than 24 hours', async () => {
    const { teacher, student, slot } = await oneSlot()
    await createLessons(t, student.token, bookingBody(teacher.id, [slot]), 'old-key-000001')
    const stored = () =>
      t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, student.user.id))
    expect(await stored()).toHaveLength(1)
    t.clock.set('2026-03-11T10:00:00Z')
    const later = await bookingStudent(t)
    const [friday] = await slotIds(t, later.token, teacher.id, [['2026-03-13', '08:00']])
    expect(
      (await createLessons(t, later.token, bookingBody(teacher.id, [friday ?? '']), 'new-key-000001'))
        .statusCode,
    ).toBe(201)
    expect(await stored()).toHaveLength(0)
  })
})
