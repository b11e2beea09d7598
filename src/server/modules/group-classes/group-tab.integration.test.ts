import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { groupRosterResponse } from '../../../domain/api/group-lessons.ts'
import { addDays, polandDateKey } from '../../../domain/poland-time.ts'
import { roomConnections } from '../../db/schema-room.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { B1, ENGLISH } from '../../test-support/lessons.ts'
import {
  getWith,
  parseLesson,
  parseLessonPage,
  postJson,
  refusal,
  removeFile,
  uploadMaterial,
} from '../../test-support/my-lessons.ts'
import { pdfFile } from '../../test-support/sample-files.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { storyNow } from '../../test-support/story-clock.ts'
import { createClass, enrolStudents } from './service.ts'

// The group tab on a real database (docs/decisions.md "The group tab"): a student's "I will not
// come", the teacher's roster and memo, materials that reach every place, ratings of a meeting —
// and nothing of a class for anyone outside it.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(storyNow()))

const student = (values = {}) =>
  signedInUser(t, { role: 'student', humanAccess: true, onlyGroupLessons: true, ...values })

/** A class of `count` students with one meeting in two days at 18:00 (90 minutes). */
async function classWithMeeting(count: number, title = 'Angielski w firmie B1') {
  const teacher = await signedInUser(t, { role: 'teacher' })
  const date = addDays(polandDateKey(t.clock.now()), 2)
  const { group } = await createClass(t.ctx, {
    teacherId: teacher.user.id,
    languageId: ENGLISH,
    levelId: B1,
    title,
    description: '',
    companyName: 'Partner S.A.',
    capacity: 8,
    provider: 'builtin',
    series: null,
    extra: [{ date, time: '18:00', units: 2 }],
  })
  const students = []
  for (let i = 0; i < count; i++) students.push(await student({ lastName: `Kursant${i}` }))
  await enrolStudents(
    t.ctx,
    group.id,
    students.map((s) => s.user.id),
  )
  return { teacher, students, group, place: (token: string) => placeOf(token) }
}

/** The viewer's (only) group lesson: a student's place, or the teacher's view of the meeting. */
async function placeOf(token: string) {
  const page = parseLessonPage((await getWith(t, token, '/lessons/list_group')).json())
  const [lesson] = page.data
  if (!lesson) throw new Error('no group lesson')
  return lesson
}

const roster = async (token: string, lessonId: string) => {
  const answer = await getWith(t, token, '/lessons/group_roster', { lesson_id: lessonId })
  expect(answer.statusCode).toBe(200)
  return v.parse(groupRosterResponse, answer.json()).data
}

const sayAbsent = (token: string, lessonId: string, absent: boolean) =>
  postJson(t, token, '/lessons/group_absence', { lesson_id: lessonId, absent })

describe('a student’s “I will not come”', () => {
  it('marks only their place, shows in the teacher’s roster, and may be taken back before the start', async () => {
    const { teacher, students } = await classWithMeeting(2)
    const [kasia, tomek] = students
    if (!kasia || !tomek) throw new Error('two students')
    const mine = await placeOf(kasia.token)
    expect(mine.group).toMatchObject({ title: 'Angielski w firmie B1', absent_at: null })

    const said = await sayAbsent(kasia.token, mine.id, true)
    expect(said.statusCode).toBe(200)
    expect(parseLesson(said.json()).group?.absent_at).toBe(t.clock.now().toISOString())
    expect((await placeOf(kasia.token)).status).toBe('scheduled')

    const meeting = await placeOf(teacher.token)
    const seen = await roster(teacher.token, meeting.id)
    expect(seen.students.map((s) => [s.student.last_name, s.absent_at !== null])).toEqual([
      ['Kursant0', true],
      ['Kursant1', false],
    ])

    expect(parseLesson((await sayAbsent(kasia.token, mine.id, false)).json()).group?.absent_at).toBeNull()
    t.clock.set(new Date(mine.scheduled_at))
    expect(refusal(await sayAbsent(kasia.token, mine.id, true))).toMatchObject({
      status: 409,
      code: 'lesson_started',
    })
  })

  it('is the student’s only way out: a meeting’s place cannot be cancelled by either party', async () => {
    const { teacher, students } = await classWithMeeting(1)
    const place = await placeOf(students[0]?.token ?? '')
    for (const token of [students[0]?.token ?? '', teacher.token]) {
      const answer = await postJson(t, token, '/lessons/cancel', {
        lesson_id: place.id,
        cancellation_reason: 'x',
      })
      expect(refusal(answer)).toMatchObject({ status: 403, code: 'forbidden' })
    }
    expect((await placeOf(students[0]?.token ?? '')).status).toBe('scheduled')
  })

  it('is refused to the teacher and, as not found, to a student of another class', async () => {
    const { teacher, students } = await classWithMeeting(1)
    const other = await classWithMeeting(1, 'Niemiecki B1')
    const place = await placeOf(students[0]?.token ?? '')
    expect(refusal(await sayAbsent(teacher.token, place.id, true)).status).toBe(403)
    expect(refusal(await sayAbsent(other.students[0]?.token ?? '', place.id, true)).status).toBe(404)
  })
})

describe('the roster', () => {
  it('tells who came by the room’s record and holds the teacher’s absence report per student', async () => {
    const { teacher, students } = await classWithMeeting(2)
    const [came, missed] = students
    if (!came || !missed) throw new Error('two students')
    const cameAt = await placeOf(came.token)
    const missedAt = await placeOf(missed.token)
    t.clock.set(new Date(Date.parse(cameAt.scheduled_at) + 10 * 60_000))
    await t.database.db.insert(roomConnections).values({
      lessonId: cameAt.id,
      userId: came.user.id,
      role: 'student',
      origin: 'test',
      joinedAt: t.clock.now(),
      leftAt: null,
      lastSeenAt: t.clock.now(),
    })
    const report = await postJson(t, teacher.token, '/lessons/report_absence', {
      lesson_id: missedAt.id,
      absentee_id: missed.user.id,
      note: 'Nie dołączył',
    })
    expect(report.statusCode).toBe(200)

    const seen = await roster(teacher.token, (await placeOf(teacher.token)).id)
    expect(seen.students.map((s) => [s.attended, s.absence_report?.note ?? null])).toEqual([
      [true, null],
      [false, 'Nie dołączył'],
    ])
  })

  it('is the teacher’s only: a student of the class, another teacher and another class find nothing', async () => {
    const { teacher, students } = await classWithMeeting(1)
    const other = await classWithMeeting(1, 'Niemiecki B1')
    const meeting = await placeOf(teacher.token)
    const place = await placeOf(students[0]?.token ?? '')
    for (const [token, id] of [
      [students[0]?.token ?? '', place.id],
      [other.teacher.token, meeting.id],
      [other.students[0]?.token ?? '', place.id],
    ] as const) {
      const answer = await getWith(t, token, '/lessons/group_roster', { lesson_id: id })
      expect(refusal(answer)).toMatchObject({ status: 404, code: 'not_found' })
    }
  })
})

describe('the teacher’s memo and materials', () => {
  it('reach every student of the meeting and no one else', async () => {
    const { teacher, students } = await classWithMeeting(3)
    const other = await classWithMeeting(1, 'Niemiecki B1')
    const meeting = await placeOf(teacher.token)
    const memo = await postJson(t, teacher.token, '/lessons/update', {
      lesson_id: meeting.id,
      teacher_memos: 'Przynieście słowniki',
    })
    expect(memo.statusCode).toBe(200)
    const upload = await uploadMaterial(t, teacher.token, {
      lessonId: meeting.id,
      filename: 'Zadanie.pdf',
      file: { bytes: pdfFile(), filename: 'z.pdf', type: 'application/pdf' },
    })
    expect(upload.statusCode).toBe(200)
    const [shared] = parseLesson(upload.json()).lesson_files
    if (!shared) throw new Error('no file')

    for (const s of students) {
      const place = await placeOf(s.token)
      expect(place.teacher_memos).toBe('Przynieście słowniki')
      const [file] = place.lesson_files
      expect(file?.filename).toBe('Zadanie.pdf')
      const download = await getWith(t, s.token, '/lessons/download_file', {
        lesson_id: place.id,
        file_id: file?.id ?? '',
      })
      expect(download.statusCode).toBe(200)
    }
    const outsider = other.students[0]?.token ?? ''
    expect((await placeOf(outsider)).teacher_memos).toBeNull()
    const place = await placeOf(students[0]?.token ?? '')
    const stolen = await getWith(t, outsider, '/lessons/download_file', {
      lesson_id: place.id,
      file_id: place.lesson_files[0]?.id ?? '',
    })
    expect(stolen.statusCode).toBe(404)

    const removed = await removeFile(t, teacher.token, { lesson_id: meeting.id, file_id: shared.id })
    expect(removed.statusCode).toBe(200)
    for (const s of students) expect((await placeOf(s.token)).lesson_files).toEqual([])
  })
})

describe('the teacher’s materials on a meeting', () => {
  it('reach a student enrolled after they were shared', async () => {
    const { teacher, group } = await classWithMeeting(1)
    const meeting = await placeOf(teacher.token)
    const upload = await uploadMaterial(t, teacher.token, {
      lessonId: meeting.id,
      filename: 'Słownictwo.pdf',
      file: { bytes: pdfFile(), filename: 's.pdf', type: 'application/pdf' },
    })
    expect(upload.statusCode).toBe(200)
    const late = await student({ lastName: 'Później' })
    await enrolStudents(t.ctx, group.id, [late.user.id])
    const place = await placeOf(late.token)
    expect(place.lesson_files.map((file) => file.filename)).toEqual(['Słownictwo.pdf'])
    const download = await getWith(t, late.token, '/lessons/download_file', {
      lesson_id: place.id,
      file_id: place.lesson_files[0]?.id ?? '',
    })
    expect(download.statusCode).toBe(200)
  })
})

describe('ratings of a meeting', () => {
  it('let each student rate once it has ended, and the teacher’s average counts them all', async () => {
    const { teacher, students } = await classWithMeeting(2)
    const places = [await placeOf(students[0]?.token ?? ''), await placeOf(students[1]?.token ?? '')]
    const rate = (i: number, value: number) =>
      postJson(t, students[i]?.token ?? '', '/ratings/create', {
        lesson_id: places[i]?.id,
        value,
        comment: 'Dobre zajęcia',
      })
    expect(refusal(await rate(0, 5))).toMatchObject({ status: 409, code: 'lesson_not_finished' })
    t.clock.set(new Date(Date.parse(places[0]?.ends_at ?? '') + 60_000))
    expect((await rate(0, 5)).statusCode).toBe(200)
    expect((await rate(1, 2)).statusCode).toBe(200)
    const me = await getWith(t, teacher.token, '/teachers/me')
    expect(me.json()).toMatchObject({ data: { average_rating: 3.5, ratings: 2 } })
    // The teacher's view of the meeting is one place: no one student's rating stands for it.
    expect((await placeOf(teacher.token)).rating).toBeNull()
    expect((await placeOf(students[1]?.token ?? '')).rating).toEqual({ value: 2, comment: 'Dobre zajęcia' })
  })
})
