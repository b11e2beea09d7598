import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { profileResponse } from '../../../domain/api/profile.ts'
import { teacherStudentsCountResponse, teacherStudentsResponse } from '../../../domain/api/teachers.ts'
import type { User } from '../../platform/sessions.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { createUser } from '../../test-support/fixtures.ts'
import { get, post } from '../../test-support/http.ts'
import {
  addLesson,
  addSlot,
  createTeacher,
  dictionaryIds,
  removeTeachers,
  tokenOf,
} from '../../test-support/teacher-fixtures.ts'

// GET teacher_students/list, POST teacher_students/create (product-rules.md "Allowed students",
// "Validation": "Select at least one student") and GET /teachers/list_students_with_lessons.

let t: TestApp
let ids: Awaited<ReturnType<typeof dictionaryIds>>
let slotHour = 0
beforeAll(async () => {
  t = await buildTestApp()
  ids = await dictionaryIds(t.database.db)
})
afterAll(() => t.close())
beforeEach(async () => {
  t.clock.set('2026-03-10T09:00:00Z')
  await removeTeachers(t.database.db)
})

/** A lesson of the student with the teacher in a new slot (cancelled when asked). */
async function lesson(teacher: User, student: User, cancelled = false) {
  const slot = await addSlot(
    t.database.db,
    teacher.id,
    new Date(Date.UTC(2026, 2, 2, slotHour++)).toISOString(),
  )
  const languageId = ids.language('English')
  const levelId = ids.level('B1')
  await addLesson(t.database.db, {
    student,
    slot,
    languageId,
    levelId,
    ...(cancelled ? { cancelledAt: t.clock.now() } : {}),
  })
}

const student = (lastName: string, firstName = 'Jan') => createUser(t.database.db, { lastName, firstName })
const parsed = (body: unknown) => v.parse(teacherStudentsResponse, body).data
const list = (token: string) => get(t.app, '/teacher_students/list', token)
const save = (token: string, emails: unknown) =>
  post(t.app, '/teacher_students/create', { token, payload: { emails } })
const withLessons = (token: string) => get(t.app, '/teachers/list_students_with_lessons', token)

/** A teacher with three students: Nowak (two lessons), Adamska (a cancelled one), Kowal (a past one). */
async function teacherWithStudents() {
  const teacher = await createTeacher(t.database.db)
  const [nowak, adamska, kowal] = [
    await student('Nowak'),
    await student('Adamska', 'Ewa'),
    await student('Kowal'),
  ]
  await lesson(teacher, nowak)
  await lesson(teacher, nowak)
  await lesson(teacher, adamska, true)
  await lesson(teacher, kowal)
  return { teacher, token: await tokenOf(t, teacher), nowak, adamska, kowal }
}

describe('teacher_students (allowed students)', () => {
  it('starts empty, then saves the chosen students and lists them by name', async () => {
    const { token, nowak, adamska } = await teacherWithStudents()
    expect(parsed((await list(token)).json())).toEqual([])
    const saved = await save(token, [nowak.email.toUpperCase(), adamska.email, nowak.email])
    expect(saved.statusCode).toBe(200)
    const expected = [
      { id: adamska.id, email: adamska.email, first_name: 'Ewa', last_name: 'Adamska' },
      { id: nowak.id, email: nowak.email, first_name: 'Jan', last_name: 'Nowak' },
    ]
    expect(parsed(saved.json())).toEqual(expected)
    expect(parsed((await list(token)).json())).toEqual(expected)
  })

  // Profile `teacher_students` (product-rules.md "Records and fields") is the count of the approved
  // students.
  it('counts the approved students in GET /teachers/me (teacher_students)', async () => {
    const { token, nowak, adamska, kowal } = await teacherWithStudents()
    const count = async () =>
      v.parse(teacherStudentsCountResponse, (await get(t.app, '/teachers/me', token)).json()).data
    expect((await count()).teacher_students).toBe(0)
    await save(token, [nowak.email, adamska.email, kowal.email])
    expect((await count()).teacher_students).toBe(3)
    await save(token, [kowal.email])
    expect((await count()).teacher_students).toBe(1)
    const studentToken = await tokenOf(t, nowak)
    const own = (await get(t.app, '/students/me', studentToken)).json()
    expect(v.is(profileResponse, own)).toBe(true)
    expect(own.data.teacher_students).toBeNull()
  })

  it('replaces the whole list on each save', async () => {
    const { token, nowak, adamska, kowal } = await teacherWithStudents()
    await save(token, [nowak.email, adamska.email])
    const replaced = await save(token, [kowal.email])
    expect(parsed(replaced.json()).map((s) => s.id)).toEqual([kowal.id])
    expect(parsed((await list(token)).json()).map((s) => s.id)).toEqual([kowal.id])
  })

  // A teacher who takes no new students and has none yet must not be stuck.
  it('adds any student account by e-mail, with lessons with the teacher or not yet', async () => {
    const teacher = await createTeacher(t.database.db)
    const token = await tokenOf(t, teacher)
    const newcomer = await student('Nowy')
    const invited = await createUser(t.database.db, { lastName: 'Zaproszona', status: 'invited' })
    const saved = await save(token, [newcomer.email, invited.email])
    expect(saved.statusCode).toBe(200)
    expect(parsed(saved.json()).map((s) => s.id)).toEqual([newcomer.id, invited.id])
  })

  it('refuses an address with no student account, changing nothing', async () => {
    const { teacher, token, nowak, kowal } = await teacherWithStudents()
    await save(token, [kowal.email])
    const inactive = await createUser(t.database.db, { lastName: 'Nieaktywny', status: 'inactive' })
    const emails = [nowak.email, teacher.email, 'nobody@example.com', inactive.email]
    const response = await save(token, emails)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'validation_failed' })
    expect(response.json().errors).toEqual(
      [1, 2, 3].map((index) => ({
        field: `emails.${index}`,
        code: 'student_unknown',
        message: 'No student account uses this address',
      })),
    )
    expect(parsed((await list(token)).json()).map((s) => s.id)).toEqual([kowal.id])
  })

  it('answers 400 for an empty list (Select at least one student) and for bad addresses', async () => {
    const { token } = await teacherWithStudents()
    const cases: [unknown, string, string][] = [
      [[], 'emails', 'student_required'],
      [undefined, 'emails', 'required'],
      [['not-an-address'], 'emails.0', 'email'],
    ]
    for (const [emails, field, code] of cases) {
      const response = await save(token, emails)
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toContainEqual(expect.objectContaining({ field, code }))
    }
  })

  it('queues two saves of one teacher so both succeed and one list wins', async () => {
    const { token, nowak, adamska, kowal } = await teacherWithStudents()
    const answers = await Promise.all([save(token, [nowak.email, adamska.email]), save(token, [kowal.email])])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
    const ids = parsed((await list(token)).json()).map((s) => s.id)
    expect([[kowal.id], [adamska.id, nowak.id]]).toContainEqual(ids)
  })

  it('is for teachers only', async () => {
    const { nowak } = await teacherWithStudents()
    const studentToken = await tokenOf(t, nowak)
    expect((await list(studentToken)).statusCode).toBe(403)
    expect((await save(studentToken, [nowak.email])).statusCode).toBe(403)
  })
})

describe('GET /teachers/list_students_with_lessons', () => {
  it('lists each student with a lesson in any state once, by last name then first name', async () => {
    const { teacher, token, nowak, adamska, kowal } = await teacherWithStudents()
    const another = await student('Nowak', 'Adam')
    await lesson(teacher, another)
    const response = await withLessons(token)
    expect(response.statusCode).toBe(200)
    expect(parsed(response.json()).map((s) => s.id)).toEqual([adamska.id, kowal.id, another.id, nowak.id])
  })

  it("never shows another teacher's students", async () => {
    const { nowak } = await teacherWithStudents()
    const other = await createTeacher(t.database.db)
    const theirs = await student('Zając')
    await lesson(other, theirs)
    const otherToken = await tokenOf(t, other)
    expect(parsed((await withLessons(otherToken)).json()).map((s) => s.id)).toEqual([theirs.id])
    const lonely = await tokenOf(t, await createTeacher(t.database.db))
    expect(parsed((await withLessons(lonely)).json())).toEqual([])
    expect(parsed((await withLessons(otherToken)).json()).map((s) => s.id)).not.toContain(nowak.id)
  })

  it('is for teachers only', async () => {
    const { nowak } = await teacherWithStudents()
    expect((await withLessons(await tokenOf(t, nowak))).statusCode).toBe(403)
  })
})

// Any teacher could once ask, without limit, whether an address is a student account
// (student_unknown). Addresses new to a teacher's list are counted per teacher.
describe('teacher_students/create lookups per teacher', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await buildTestApp({
      rateLimits: { teacherStudentLookupsPerTeacher: { limit: 4, windowMs: 3_600_000 } },
    })
  })
  afterAll(() => limited.close())

  it('counts addresses new to the list, refuses past the limit changing nothing, and never counts a saved list again', async () => {
    const teacher = await createTeacher(limited.database.db)
    const token = await tokenOf(limited, teacher)
    const students = await Promise.all(
      ['Pierwsza', 'Druga', 'Trzecia', 'Czwarta'].map((lastName) =>
        createUser(limited.database.db, { lastName }),
      ),
    )
    const saveAs = (emails: string[]) =>
      post(limited.app, '/teacher_students/create', { token, payload: { emails } })
    const [first, second, third, fourth] = students.map((s) => s.email) as [string, string, string, string]
    // A refused lookup counts too (2 of 4), then two new addresses (4 of 4).
    expect((await saveAs([first, 'nobody@example.com'])).statusCode).toBe(400)
    expect((await saveAs([first, second])).statusCode).toBe(200)
    // The saved addresses cost nothing again; two more new ones are over the limit.
    expect((await saveAs([first, second])).statusCode).toBe(200)
    const refused = await saveAs([first, second, third, fourth])
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    const listed = await get(limited.app, '/teacher_students/list', token)
    expect(
      parsed(listed.json())
        .map((s) => s.email)
        .sort(),
    ).toEqual([first, second].sort())
    // Another teacher has a limit of their own.
    const other = await createTeacher(limited.database.db)
    const otherToken = await tokenOf(limited, other)
    const otherSave = await post(limited.app, '/teacher_students/create', {
      token: otherToken,
      payload: { emails: [third] },
    })
    expect(otherSave.statusCode).toBe(200)
    // An hour later the teacher may look up again.
    limited.clock.advance(3_600_000)
    expect((await saveAs([first, second, third])).statusCode).toBe(200)
  })
})
