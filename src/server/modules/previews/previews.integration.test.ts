import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { lessonPreviewResponse, teacherPreviewResponse } from '../../../domain/api/previews.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { get } from '../../test-support/http.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { createTeacher, dictionaryIds, removeTeachers } from '../../test-support/teacher-fixtures.ts'

// GET /teachers/dummy and GET /lessons/dummy — a preview of the school's teachers and of what
// lessons look like, for a signed-in user who cannot book yet.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(async () => {
  t.clock.set('2026-03-10T09:00:00Z')
  await removeTeachers(t.database.db)
})

async function teachers(count: number, values: { notAcceptingNewStudents?: boolean } = {}) {
  const ids = await dictionaryIds(t.database.db)
  for (let i = 0; i < count; i++)
    await createTeacher(
      t.database.db,
      { taught: [[ids.language('English'), ids.level('C1')]], teaching: [ids.language('Polish')] },
      { lastName: `Lektor${String(i).padStart(2, '0')}`, ...values },
    )
}

describe('GET /teachers/dummy', () => {
  it('shows up to six teachers who take new students, to a student without human access', async () => {
    await teachers(7)
    await teachers(1, { notAcceptingNewStudents: true })
    const { token } = await signedInUser(t, { humanAccess: false })
    const response = await get(t.app, '/teachers/dummy', token)
    expect(response.statusCode).toBe(200)
    const preview = v.parse(teacherPreviewResponse, response.json()).data
    expect(preview).toHaveLength(6)
    expect(preview.every((teacher) => !teacher.not_accepting_new_students)).toBe(true)
    expect(preview[0]?.taught_languages).toHaveLength(1)
  })

  it('needs a session', async () => {
    expect((await get(t.app, '/teachers/dummy')).statusCode).toBe(401)
  })
})

describe('GET /lessons/dummy', () => {
  it('shows a scheduled and a finished sample lesson with a teacher of the school, never stored', async () => {
    await teachers(1)
    const { token, user } = await signedInUser(t, { humanAccess: false, firstName: 'Ola' })
    const response = await get(t.app, '/lessons/dummy', token)
    const lessons = v.parse(lessonPreviewResponse, response.json()).data
    expect(lessons.map((l) => [l.status, l.scheduled_at])).toEqual([
      // 18:00 in Poland a week after and a week before 10 March (winter time, UTC+1).
      ['scheduled', '2026-03-17T17:00:00.000Z'],
      ['finished', '2026-03-03T17:00:00.000Z'],
    ])
    expect(lessons[0]).toMatchObject({
      fullName: 'Anna Lektor00',
      language: { name: 'English' },
      level: { name: 'C1' },
      student: { id: user.id, first_name: 'Ola' },
    })
    const scheduled = await get(t.app, '/lessons/list_scheduled', token)
    expect((scheduled.json() as { data: { lessons: unknown[] } }).data.lessons).toEqual([])
  })

  it('is empty when the school has no teacher to show', async () => {
    const { token } = await signedInUser(t)
    expect(v.parse(lessonPreviewResponse, (await get(t.app, '/lessons/dummy', token)).json()).data).toEqual(
      [],
    )
  })
})
