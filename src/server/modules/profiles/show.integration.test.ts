import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { studentSummaryResponse, teacherSummaryResponse } from '../../../domain/api/profile.ts'
import { studentLearnedLanguages, teacherStudents, teacherTaughtLanguages } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser, signIn } from '../../test-support/fixtures.ts'
import { get, post } from '../../test-support/http.ts'
import { pngFile } from '../../test-support/sample-files.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

/** A 45-minute English B1 lesson of the pair, in March 2026 unless `values` say otherwise. */
async function addLesson(
  teacherId: string,
  studentId: string,
  values: Partial<typeof lessons.$inferInsert> = {},
) {
  const startsAt = values.startsAt ?? new Date('2026-03-12T09:00:00Z')
  await t.database.db.insert(lessons).values({
    teacherId,
    studentId,
    languageId: 1,
    levelId: 3,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 45 * 60_000),
    ...values,
  })
}

async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.database.db, values)
  const { token } = await signIn(t.app, user.email)
  return { user, token }
}

describe('GET /teachers/show', () => {
  it('shows a verified teacher to any signed-in user, with signed file URLs', async () => {
    const teacher = await signedIn({
      role: 'teacher',
      firstName: 'Anna',
      lastName: 'Nowak',
      description: 'Opis',
      socialLinks: ['https://x.pl'],
      notAcceptingNewStudents: true,
    })
    await t.database.db
      .insert(teacherTaughtLanguages)
      .values({ teacherId: teacher.user.id, languageId: 1, levelId: 6 })
    await post(t.app, '/teachers/update', {
      token: teacher.token,
      payload: {},
      files: { image: { bytes: pngFile() } },
    })
    const student = await signedIn()

    const response = await get(t.app, `/teachers/show?teacher_id=${teacher.user.id}`, student.token)
    expect(response.statusCode).toBe(200)
    const summary = v.parse(teacherSummaryResponse, response.json()).data
    expect(summary).toMatchObject({
      id: teacher.user.id,
      first_name: 'Anna',
      last_name: 'Nowak',
      description: 'Opis',
      social_links: ['https://x.pl'],
      taught_languages: [{ language_id: 1, level_id: 6 }],
      not_accepting_new_students: true,
      video_url: null,
    })
    expect((await get(t.app, summary.image_url ?? '')).statusCode).toBe(200)
    expect(JSON.stringify(summary)).not.toMatch(/iban|phone|email/i)
  })

  // The summary tells a student whether the teacher takes them.
  it('tells a student on the teacher’s allowed list that the teacher takes them', async () => {
    const teacher = await signedIn({ role: 'teacher', notAcceptingNewStudents: true })
    const allowed = await signedIn()
    await t.database.db
      .insert(teacherStudents)
      .values({ teacherId: teacher.user.id, studentId: allowed.user.id })
    const flag = async (token: string) =>
      v.parse(
        teacherSummaryResponse,
        (await get(t.app, `/teachers/show?teacher_id=${teacher.user.id}`, token)).json(),
      ).data.not_accepting_new_students
    expect(await flag(allowed.token)).toBe(false)
    expect(await flag((await signedIn()).token)).toBe(true)
    expect(await flag((await signedIn({ role: 'teacher' })).token)).toBe(true)
  })

  it('answers 404 for a teacher awaiting verification, a student, or nobody', async () => {
    const { token } = await signedIn()
    const pending = await createUser(t.database.db, { role: 'teacher', status: 'pending_verification' })
    const student = await createUser(t.database.db)
    for (const id of [pending.id, student.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await get(t.app, `/teachers/show?teacher_id=${id}`, token)
      expect(response.statusCode).toBe(404)
    }
  })

  it('answers 400 for an id that is not a UUID and 401 without a session', async () => {
    const { user, token } = await signedIn()
    const bad = await get(t.app, '/teachers/show?teacher_id=42', token)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual([{ field: 'teacher_id', message: 'Invalid value', code: 'invalid' }])
    expect((await get(t.app, '/teachers/show', token)).json().errors[0]).toMatchObject({ code: 'required' })
    expect((await get(t.app, `/teachers/show?teacher_id=${user.id}`)).statusCode).toBe(401)
  })
})

describe('GET /students/show', () => {
  it('shows students their own profile', async () => {
    const { user, token } = await signedIn({ firstName: 'Marta', about: 'O mnie' })
    await t.database.db.insert(studentLearnedLanguages).values({ studentId: user.id, languageId: 1 })
    const response = await get(t.app, `/students/show?user_id=${user.id}`, token)
    expect(response.statusCode).toBe(200)
    expect(v.parse(studentSummaryResponse, response.json()).data).toEqual({
      id: user.id,
      first_name: 'Marta',
      last_name: null,
      image_url: null,
      about: 'O mnie',
      languages_learned: [{ language_id: 1 }],
    })
  })

  it("refuses another student's profile with the spec's text, whether or not it exists", async () => {
    const a = await signedIn()
    const b = await signedIn()
    for (const id of [b.user.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await get(t.app, `/students/show?user_id=${id}`, a.token)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        error: "You do not have permission to view this student's profile",
        code: 'student_profile_forbidden',
      })
    }
  })

  it('shows a teacher their own active student with the picture, and 404 for anyone else', async () => {
    const teacher = await signedIn({ role: 'teacher' })
    const student = await signedIn()
    await addLesson(teacher.user.id, student.user.id)
    await post(t.app, '/students/update', {
      token: student.token,
      payload: {},
      files: { image: { bytes: pngFile() } },
    })
    const response = await get(t.app, `/students/show?user_id=${student.user.id}`, teacher.token)
    expect(response.statusCode).toBe(200)
    const summary = v.parse(studentSummaryResponse, response.json()).data
    expect((await get(t.app, summary.image_url ?? '')).statusCode).toBe(200)

    const inactive = await createUser(t.database.db, { status: 'inactive' })
    await addLesson(teacher.user.id, inactive.id)
    const otherTeacher = await createUser(t.database.db, { role: 'teacher' })
    for (const id of [inactive.id, otherTeacher.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await get(t.app, `/students/show?user_id=${id}`, teacher.token)).statusCode).toBe(404)
    }
  })

  it('answers a teacher 404 for any active student who is not theirs, as for an unknown id', async () => {
    const teacher = await signedIn({ role: 'teacher' })
    const otherTeacher = await createUser(t.database.db, { role: 'teacher' })
    const stranger = await createUser(t.database.db)
    const othersStudent = await createUser(t.database.db)
    await addLesson(otherTeacher.id, othersStudent.id)
    await t.database.db.insert(teacherStudents).values({ teacherId: otherTeacher.id, studentId: stranger.id })
    for (const id of [stranger.id, othersStudent.id]) {
      const response = await get(t.app, `/students/show?user_id=${id}`, teacher.token)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ code: 'not_found' })
    }
  })

  it('counts a past, a cancelled or a group lesson with the teacher, and the allowed list', async () => {
    const teacher = await signedIn({ role: 'teacher' })
    const past = await createUser(t.database.db)
    await addLesson(teacher.user.id, past.id, { startsAt: new Date('2025-01-07T09:00:00Z') })
    const cancelled = await createUser(t.database.db)
    await addLesson(teacher.user.id, cancelled.id, { cancelledAt: new Date('2026-03-01T09:00:00Z') })
    const group = await createUser(t.database.db)
    await addLesson(teacher.user.id, group.id, { isGroup: true })
    const allowed = await createUser(t.database.db)
    await t.database.db.insert(teacherStudents).values({ teacherId: teacher.user.id, studentId: allowed.id })
    for (const student of [past, cancelled, group, allowed]) {
      const response = await get(t.app, `/students/show?user_id=${student.id}`, teacher.token)
      expect(response.statusCode).toBe(200)
      expect(v.parse(studentSummaryResponse, response.json()).data.id).toBe(student.id)
    }
  })
})
