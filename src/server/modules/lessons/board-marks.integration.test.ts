import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import {
  bookableTeacher,
  bookingBody,
  bookingStudent,
  createLessons,
  ENGLISH,
  everyDay,
  parseBooking,
  slotAt,
  timetableOf,
} from '../../test-support/lessons.ts'
import { addLessonAt, postJson } from '../../test-support/my-lessons.ts'
import { parseSearch, searchTeachers } from '../../test-support/teacher-fixtures.ts'

// The writes on lessons with the teacher board's cache on, as in production (modules/board): a
// cancel frees the slot and a rating moves the teacher's average at once for this process.
// The test clock starts on Tuesday 2026-03-10, 10:00 Poland time.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ config: { boardCacheMs: 60_000 } })
})
afterAll(() => t.close())

const THURSDAY = '2026-03-12'
const slotOf = async (token: string, teacherId: string, time: string) =>
  (await timetableOf(t, token, teacherId, THURSDAY, THURSDAY)).timetable[0]?.slots.find(
    (s) => s.time === time,
  )

describe('the teacher board after my-lessons writes', () => {
  it('offers a cancelled lesson’s slot again at once', async () => {
    const { teacher } = await bookableTeacher(t, { weekdays: everyDay([{ start: '08:00', end: '09:30' }]) })
    const student = await bookingStudent(t)
    const other = await bookingStudent(t)
    const slotId = slotAt(
      await timetableOf(t, student.token, teacher.id, THURSDAY, THURSDAY),
      THURSDAY,
      '08:00',
    )
    const booked = parseBooking(
      (await createLessons(t, student.token, bookingBody(teacher.id, [slotId]))).json(),
    )
    expect(await slotOf(other.token, teacher.id, '08:00')).toMatchObject({ available: false })
    expect(await slotOf(student.token, teacher.id, '08:00')).toMatchObject({ scheduled: true })
    const lessonId = booked.lessons[0]?.id ?? ''
    const cancel = await postJson(t, student.token, '/lessons/cancel', {
      lesson_id: lessonId,
      cancellation_reason: 'x',
    })
    expect(cancel.statusCode).toBe(200)
    expect(await slotOf(other.token, teacher.id, '08:00')).toMatchObject({ available: true })
    expect(await slotOf(student.token, teacher.id, '08:00')).toMatchObject({
      available: true,
      scheduled: false,
    })
  })

  it("shows a new rating in the teacher's search result at once", async () => {
    const { teacher, teacherToken } = await bookableTeacher(t)
    const student = await bookingStudent(t)
    const search = async () =>
      parseSearch(
        (await searchTeachers(t, student.token, { language_id: String(ENGLISH) })).json(),
      ).data.find((r) => r.id === teacher.id)
    expect((await search())?.average_rating).toBeNull()
    const lesson = await addLessonAt(t, { teacher: { user: teacher, token: teacherToken }, student }, -120)
    const rated = await postJson(t, student.token, '/ratings/create', {
      lesson_id: lesson.id,
      value: 4,
      comment: 'ok',
    })
    expect(rated.statusCode).toBe(200)
    expect((await search())?.average_rating).toBe(4)
  })
})
