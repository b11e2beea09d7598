import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { teacherSummaryResponse } from '../../../domain/api/profile.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { addLessonAt, getWith, lessonParties, type Party, postJson } from '../../test-support/my-lessons.ts'
import { signedInUser } from '../../test-support/sessions.ts'

// A rating's comment was required and then never shown. GET /teachers/show now
// carries the newest comments, each student named by first name and initial (docs/decisions.md).

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

const HOUR = 60

async function ratedBy(teacher: Party, student: Party, value: number, comment: string) {
  const lesson = await addLessonAt(t, { teacher, student }, -2 * HOUR)
  const answer = await postJson(t, student.token, '/ratings/create', { lesson_id: lesson.id, value, comment })
  expect(answer.statusCode).toBe(200)
  t.clock.advance(60_000)
  return lesson.id
}

const summaryOf = async (teacherId: string, token: string) =>
  v.parse(
    teacherSummaryResponse,
    (await getWith(t, token, '/teachers/show', { teacher_id: teacherId })).json(),
  ).data

describe('the recent reviews of GET /teachers/show', () => {
  it('shows the five newest comments with the student as first name and initial', async () => {
    const { teacher, student: marta } = await lessonParties(t)
    const jan = await signedInUser(t, {
      role: 'student',
      humanAccess: true,
      firstName: 'Jan',
      lastName: 'żółtowski',
    })
    const first = await ratedBy(teacher, marta, 3, 'Świetna lekcja, dużo mówienia.')
    for (let i = 1; i <= 5; i++) await ratedBy(teacher, jan, i, `Lekcja ${i}`)
    // Another teacher's rating is not this teacher's.
    const other = await lessonParties(t)
    await ratedBy(other.teacher, other.student, 1, 'Nie ta lektorka')

    const summary = await summaryOf(teacher.user.id, other.student.token)
    expect(summary.recent_reviews.map((r) => [r.student_name, r.value, r.comment])).toEqual([
      ['Jan Ż.', 5, 'Lekcja 5'],
      ['Jan Ż.', 4, 'Lekcja 4'],
      ['Jan Ż.', 3, 'Lekcja 3'],
      ['Jan Ż.', 2, 'Lekcja 2'],
      ['Jan Ż.', 1, 'Lekcja 1'],
    ])
    expect(summary.recent_reviews[0]?.rated_at).toBe('2026-03-10T09:05:00.000Z')

    // A changed rating is a new one: Marta's comes back to the top.
    const changed = await postJson(t, marta.token, '/ratings/update', {
      lesson_id: first,
      value: 4,
      comment: 'Jednak bardzo dobra.',
    })
    expect(changed.statusCode).toBe(200)
    const again = await summaryOf(teacher.user.id, teacher.token)
    expect(again.recent_reviews[0]).toEqual({
      value: 4,
      comment: 'Jednak bardzo dobra.',
      student_name: 'Marta D.',
      rated_at: '2026-03-10T09:07:00.000Z',
    })
    const shown = JSON.stringify(again.recent_reviews)
    for (const hidden of ['Dąbrowska', 'żółtowski', marta.user.id, jan.user.id, marta.user.email]) {
      expect(shown).not.toContain(hidden)
    }
  })

  it('is empty for a teacher without ratings', async () => {
    const { teacher, student } = await lessonParties(t)
    expect((await summaryOf(teacher.user.id, student.token)).recent_reviews).toEqual([])
  })
})
