import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { absenceReports } from '../../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { addLessonAt, lessonParties, parseLesson, postJson, refusal } from '../../test-support/my-lessons.ts'

// POST /lessons/report_absence — either party reports the other (product-rules.md "Absence
// reports"), from 15 minutes before the start (the join window), once per party and lesson.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

const report = (
  token: string,
  body: { lesson_id: string; absentee_id: string; note: string },
  key?: string,
) => postJson(t, token, '/lessons/report_absence', body, key)
const reportsOf = (lessonId: string) =>
  t.database.db.select().from(absenceReports).where(eq(absenceReports.lessonId, lessonId))

describe('POST /lessons/report_absence', () => {
  it('opens 15 minutes before the start (409 absence_too_early before)', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 16)
    const body = { lesson_id: lesson.id, absentee_id: pair.teacher.user.id, note: 'No one there' }
    expect(refusal(await report(pair.student.token, body))).toEqual({
      status: 409,
      code: 'absence_too_early',
      error: 'You can report an absence only from 15 minutes before the lesson starts',
    })
    t.clock.advance(60_000)
    const response = await report(pair.student.token, body)
    expect(response.statusCode).toBe(200)
    expect(parseLesson(response.json()).my_absence_report).toEqual({
      absentee_id: pair.teacher.user.id,
      note: 'No one there',
      absentee_joined: false,
      created_at: '2026-03-10T09:01:00.000Z',
    })
  })

  it('takes one report from each party, also long after the lesson', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, -3 * 24 * 60)
    const fromTeacher = await report(pair.teacher.token, {
      lesson_id: lesson.id,
      absentee_id: pair.student.user.id,
      note: '',
    })
    expect(parseLesson(fromTeacher.json()).my_absence_report).toMatchObject({
      absentee_id: pair.student.user.id,
    })
    const fromStudent = await report(pair.student.token, {
      lesson_id: lesson.id,
      absentee_id: pair.teacher.user.id,
      note: 'Teacher missing',
    })
    expect(parseLesson(fromStudent.json()).my_absence_report).toMatchObject({ note: 'Teacher missing' })
    const again = await report(pair.student.token, {
      lesson_id: lesson.id,
      absentee_id: pair.teacher.user.id,
      note: 'Again',
    })
    expect(refusal(again)).toEqual({
      status: 409,
      code: 'absence_already_reported',
      error: 'You have already reported an absence for this lesson',
    })
    expect((await reportsOf(lesson.id)).map((r) => r.reporterId).sort()).toEqual(
      [pair.student.user.id, pair.teacher.user.id].sort(),
    )
  })

  it('accepts only the other party as the absentee (422 absentee_invalid)', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, -10)
    const stranger = await lessonParties(t)
    for (const absentee of [pair.student.user.id, stranger.teacher.user.id]) {
      const response = await report(pair.student.token, {
        lesson_id: lesson.id,
        absentee_id: absentee,
        note: '',
      })
      expect(refusal(response)).toEqual({
        status: 422,
        code: 'absentee_invalid',
        error: 'The absent person must be the other participant of the lesson',
      })
    }
    expect(await reportsOf(lesson.id)).toEqual([])
  })

  it('refuses a cancelled lesson (409) and a note over 255 characters (400)', async () => {
    const pair = await lessonParties(t)
    const cancelled = await addLessonAt(t, pair, -10, { cancelledAt: new Date('2026-03-09T09:00:00Z') })
    const body = { lesson_id: cancelled.id, absentee_id: pair.teacher.user.id, note: 'x' }
    expect(refusal(await report(pair.student.token, body))).toMatchObject({
      status: 409,
      code: 'lesson_cancelled',
    })
    const lesson = await addLessonAt(t, pair, -10)
    const long = await report(pair.student.token, { ...body, lesson_id: lesson.id, note: 'x'.repeat(256) })
    expect(long.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'note', code: 'too_long' }],
    })
  })

  it('stores one report when two arrive at once', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, -10)
    const body = { lesson_id: lesson.id, absentee_id: pair.teacher.user.id, note: 'Concurrent' }
    const answers = await Promise.all([
      report(pair.student.token, body, 'absence-a'),
      report(pair.student.token, body, 'absence-b'),
      report(pair.student.token, body),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409])
    expect(await reportsOf(lesson.id)).toHaveLength(1)
  })

  it('replays a report sent twice with one Idempotency-Key, storing it once', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, -10)
    const body = { lesson_id: lesson.id, absentee_id: pair.student.user.id, note: 'Absent' }
    const first = await report(pair.teacher.token, body, 'absence-key')
    t.clock.advance(60_000)
    const replay = await report(pair.teacher.token, body, 'absence-key')
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(first.json())
    expect(await reportsOf(lesson.id)).toHaveLength(1)
  })
})
