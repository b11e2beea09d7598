import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { profileResponse, teacherSummaryResponse } from '../../../domain/api/profile.ts'
import { users } from '../../db/schema.ts'
import { lessonRatings } from '../../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import {
  addLessonAt,
  getWith,
  lessonParties,
  type Party,
  parseLesson,
  postJson,
  refusal,
} from '../../test-support/my-lessons.ts'
import { signedInUser } from '../../test-support/sessions.ts'

// POST /ratings/create and /ratings/update — the lesson's student only, a finished lesson only,
// create once then update (product-rules.md "Ratings"); the teacher's average follows.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

const HOUR = 60
const rate = (mode: 'create' | 'update', token: string, body: Record<string, unknown>, key?: string) =>
  postJson(t, token, `/ratings/${mode}`, body, key)
const teacherRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]

describe('POST /ratings/create and /ratings/update', () => {
  it('rates a finished lesson, then changes the rating', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, -2 * HOUR)
    const created = await rate('create', pair.student.token, {
      lesson_id: lesson.id,
      value: 4,
      comment: ' Good ',
    })
    expect(created.statusCode).toBe(200)
    expect(parseLesson(created.json())).toMatchObject({
      id: lesson.id,
      rating: { value: 4, comment: 'Good' },
    })
    t.clock.advance(HOUR * 60_000)
    const updated = await rate('update', pair.student.token, {
      lesson_id: lesson.id,
      value: 5,
      comment: 'Great',
    })
    expect(parseLesson(updated.json()).rating).toEqual({ value: 5, comment: 'Great' })
    // Lesson in product-rules.md "Records and fields": "rating (value 1-5, comment; also rate)".
    expect(updated.json().data.rate).toEqual({ value: 5, comment: 'Great' })
    const [row] = await t.database.db
      .select()
      .from(lessonRatings)
      .where(eq(lessonRatings.lessonId, lesson.id))
    expect(row).toMatchObject({ value: 5, comment: 'Great' })
    expect([row?.createdAt.toISOString(), row?.updatedAt.toISOString()]).toEqual([
      '2026-03-10T09:00:00.000Z',
      '2026-03-10T10:00:00.000Z',
    ])
    const asTeacher = await getWith(t, pair.teacher.token, '/lessons/show', { lesson_id: lesson.id })
    expect(parseLesson(asTeacher.json()).rating).toEqual({ value: 5, comment: 'Great' })
  })

  it("refuses create when rated and update when not, in the API's words (409)", async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, -2 * HOUR)
    const body = { lesson_id: lesson.id, value: 3, comment: 'Fine' }
    expect(refusal(await rate('update', pair.student.token, body))).toEqual({
      status: 409,
      code: 'rating_missing',
      error: 'This lesson has not been rated yet',
    })
    expect((await rate('create', pair.student.token, body)).statusCode).toBe(200)
    expect(refusal(await rate('create', pair.student.token, { ...body, value: 1 }))).toEqual({
      status: 409,
      code: 'rating_exists',
      error: 'This lesson has already been rated',
    })
    expect((await teacherRow(pair.teacher.user.id))?.averageRating).toBe(3)
  })

  it('rates only a finished lesson: not a scheduled, running or cancelled one', async () => {
    const pair = await lessonParties(t)
    const running = await addLessonAt(t, pair, -44)
    const cancelled = await addLessonAt(t, pair, -2 * HOUR, { cancelledAt: new Date('2026-03-09T09:00:00Z') })
    const body = (id: string) => ({ lesson_id: id, value: 5, comment: 'x' })
    expect(refusal(await rate('create', pair.student.token, body(running.id)))).toEqual({
      status: 409,
      code: 'lesson_not_finished',
      error: 'You can rate a lesson only after it has finished',
    })
    expect(refusal(await rate('create', pair.student.token, body(cancelled.id)))).toMatchObject({
      status: 409,
      code: 'lesson_cancelled',
    })
    t.clock.advance(60_000)
    expect((await rate('create', pair.student.token, body(running.id))).statusCode).toBe(200)
  })

  it("refuses the lesson's teacher (403) and validates value and comment (400)", async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, -2 * HOUR)
    const teacherTry = await rate('create', pair.teacher.token, {
      lesson_id: lesson.id,
      value: 5,
      comment: 'Me',
    })
    expect(refusal(teacherTry)).toMatchObject({ status: 403, code: 'forbidden' })
    const cases: [Record<string, unknown>, string, string][] = [
      [{ value: 0, comment: 'x' }, 'value', 'rating_range'],
      [{ value: 6, comment: 'x' }, 'value', 'rating_range'],
      [{ value: 2.5, comment: 'x' }, 'value', 'invalid'],
      [{ value: 3, comment: '' }, 'comment', 'required'],
      [{ value: 3, comment: 'x'.repeat(256) }, 'comment', 'too_long'],
    ]
    for (const [fields, field, code] of cases) {
      const response = await rate('create', pair.student.token, { lesson_id: lesson.id, ...fields })
      expect(response.json(), JSON.stringify(fields)).toMatchObject({
        code: 'validation_failed',
        errors: [{ field, code }],
      })
    }
    expect(
      await t.database.db.select().from(lessonRatings).where(eq(lessonRatings.lessonId, lesson.id)),
    ).toEqual([])
  })
})

describe("the teacher's average_rating", () => {
  async function finishedLessons(teacher: Party, count: number) {
    const students: Party[] = []
    const lessons: string[] = []
    for (let i = 0; i < count; i++) {
      const student = await signedInUser(t, { role: 'student', humanAccess: true })
      students.push(student)
      lessons.push((await addLessonAt(t, { teacher, student }, -(i + 2) * HOUR)).id)
    }
    return { students, lessons }
  }

  it('follows create and update, and shows in teachers/me and teachers/show', async () => {
    const { teacher } = await lessonParties(t)
    const { students, lessons } = await finishedLessons(teacher, 3)
    expect(await teacherRow(teacher.user.id)).toMatchObject({ averageRating: null, ratingsCount: 0 })
    const values = [5, 4, 4]
    for (const [i, value] of values.entries()) {
      const token = students[i]?.token ?? ''
      await rate('create', token, { lesson_id: lessons[i], value, comment: 'ok' })
    }
    expect(await teacherRow(teacher.user.id)).toMatchObject({ averageRating: 4.33, ratingsCount: 3 })
    await rate('update', students[0]?.token ?? '', { lesson_id: lessons[0], value: 1, comment: 'changed' })
    expect(await teacherRow(teacher.user.id)).toMatchObject({ averageRating: 3, ratingsCount: 3 })

    const me = v.parse(profileResponse, (await getWith(t, teacher.token, '/teachers/me')).json()).data
    expect([me.average_rating, me.ratings]).toEqual([3, 3])
    const shown = await getWith(t, students[1]?.token ?? '', '/teachers/show', {
      teacher_id: teacher.user.id,
    })
    const summary = v.parse(teacherSummaryResponse, shown.json()).data
    expect([summary.average_rating, summary.ratings]).toEqual([3, 3])
  })

  it('counts every rating of concurrent creates', async () => {
    const { teacher } = await lessonParties(t)
    const { students, lessons } = await finishedLessons(teacher, 4)
    const answers = await Promise.all(
      students.map((student, i) =>
        rate('create', student.token, { lesson_id: lessons[i], value: i + 2, comment: 'at once' }),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200])
    expect(await teacherRow(teacher.user.id)).toMatchObject({ averageRating: 3.5, ratingsCount: 4 })
  })
})

describe('ratings with an Idempotency-Key (the offline outbox)', () => {
  it('replays a create and an update, changing nothing the second time', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, -2 * HOUR)
    const create = { lesson_id: lesson.id, value: 2, comment: 'Offline' }
    const first = await rate('create', pair.student.token, create, 'rating-key-1')
    const replay = await rate('create', pair.student.token, create, 'rating-key-1')
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(first.json())

    const update = { lesson_id: lesson.id, value: 5, comment: 'Better' }
    const updated = await rate('update', pair.student.token, update, 'rating-key-2')
    await rate('update', pair.student.token, { ...update, value: 4 })
    const updateReplay = await rate('update', pair.student.token, update, 'rating-key-2')
    expect(updateReplay.json()).toEqual(updated.json())
    expect(await teacherRow(pair.teacher.user.id)).toMatchObject({ averageRating: 4, ratingsCount: 1 })
    // The same key on the other endpoint is another request.
    const other = await rate('update', pair.student.token, create, 'rating-key-1')
    expect(refusal(other)).toMatchObject({ status: 422, code: 'idempotency_key_reused' })
  })
})
