import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '../../db/schema.ts'
import { absenceReports, lessonFiles, lessonRatings } from '../../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import {
  addLessonAt,
  getWith,
  lessonParties,
  parseLesson,
  parseLessonPage,
  parseScheduled,
  refusal,
} from '../../test-support/my-lessons.ts'

// list_scheduled, list_finished, list_group and show answer only the asking user's lessons,
// and lessons move to finished after their end (product-rules.md "States and transitions").

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
// Tuesday 10 March 2026, 10:00 Poland time (CET).
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

const HOUR = 60

describe('GET /lessons/list_scheduled', () => {
  // A cancelled lesson is never "scheduled", even before its start.
  it("holds the user's one-to-one lessons that have not ended and were not cancelled, soonest first", async () => {
    const pair = await lessonParties(t)
    const later = await addLessonAt(t, pair, 48 * HOUR)
    const running = await addLessonAt(t, pair, -20)
    await addLessonAt(t, pair, 24 * HOUR, {
      cancelledAt: t.clock.now(),
      cancelledBy: pair.student.user.id,
      cancellationReason: 'Sick',
    })
    await addLessonAt(t, pair, -2 * HOUR) // ended
    await addLessonAt(t, pair, 3 * HOUR, { isGroup: true })
    const other = await lessonParties(t)
    await addLessonAt(t, other, 5 * HOUR)

    const response = await getWith(t, pair.student.token, '/lessons/list_scheduled')
    expect(response.statusCode).toBe(200)
    const answer = parseScheduled(response.json())
    expect(answer.lessons.map((l) => l.id)).toEqual([running.id, later.id])
    expect(answer.lessons.map((l) => l.status)).toEqual(['scheduled', 'scheduled'])
    expect(answer).toMatchObject({ voice_sample_provided: false, scheduled_lessons_limit_per_student: 2 })

    const teacherView = parseScheduled(
      (await getWith(t, pair.teacher.token, '/lessons/list_scheduled')).json(),
    )
    expect(teacherView.lessons.map((l) => l.id)).toEqual([running.id, later.id])
  })

  it("answers the student's voice sample and limit (the Scheduled lessons response)", async () => {
    const pair = await lessonParties(t, {
      student: { voiceSampleKey: '00000000-0000-4000-8000-000000000000.wav', scheduledLessonsLimit: 4 },
    })
    const answer = parseScheduled((await getWith(t, pair.student.token, '/lessons/list_scheduled')).json())
    expect(answer).toEqual({
      lessons: [],
      voice_sample_provided: true,
      scheduled_lessons_limit_per_student: 4,
    })
  })

  it('shows each party the lesson, with the other party as fullName', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 26 * HOUR, {
      note: 'Bring the essay',
      teacherMemos: 'Past tenses',
      studentMemos: 'Ask about idioms',
    })
    const [asStudent] = parseScheduled(
      (await getWith(t, pair.student.token, '/lessons/list_scheduled')).json(),
    ).lessons
    expect(asStudent).toEqual({
      id: lesson.id,
      lesson_id: lesson.id,
      room_token: null,
      is_learncube: false,
      is_group: false,
      scheduled_at: '2026-03-11T11:00:00.000Z',
      ends_at: '2026-03-11T11:45:00.000Z',
      finished_at: null,
      cancelled_at: null,
      canceled: false,
      cancelled_by_role: null,
      cancellation_reason: null,
      status: 'scheduled',
      language: { id: 1, name: 'English', name_pl: 'angielski' },
      level: { id: 3, name: 'B1' },
      fullName: 'Anna Nowak',
      teacher: { id: pair.teacher.user.id, first_name: 'Anna', last_name: 'Nowak', image_url: null },
      student: { id: pair.student.user.id, first_name: 'Marta', last_name: 'Dąbrowska', image_url: null },
      note: 'Bring the essay',
      teacher_memos: 'Past tenses',
      student_memos: 'Ask about idioms',
      rating: null,
      rate: null,
      lesson_files: [],
      my_absence_report: null,
      attendance: [],
      recordings: [],
      voice_recordings: [],
      group: null,
    })
    const [asTeacher] = parseScheduled(
      (await getWith(t, pair.teacher.token, '/lessons/list_scheduled')).json(),
    ).lessons
    // The student memo is the student's own notebook (docs/decisions.md "The lesson note and the
    // two memos, for a user").
    expect(asTeacher).toEqual({ ...asStudent, fullName: 'Marta Dąbrowska', student_memos: null })
  })

  it('signs the parties’ picture URLs', async () => {
    const key = '11111111-1111-4111-8111-111111111111.png'
    const pair = await lessonParties(t, { teacher: { imageKey: key } })
    await addLessonAt(t, pair, 30 * HOUR)
    const [lesson] = parseScheduled(
      (await getWith(t, pair.student.token, '/lessons/list_scheduled')).json(),
    ).lessons
    expect(lesson?.teacher.image_url).toMatch(new RegExp(`^/api/v1/files/${key}\\?expires=\\d+&sig=`))
  })
})

describe('lessons move to finished after their end', () => {
  it('leaves list_scheduled and enters list_finished with finished_at = its end', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 10)
    const scheduled = async () =>
      parseScheduled((await getWith(t, pair.student.token, '/lessons/list_scheduled')).json()).lessons
    const finished = async () =>
      parseLessonPage((await getWith(t, pair.student.token, '/lessons/list_finished')).json())
    expect((await scheduled()).map((l) => l.id)).toEqual([lesson.id])
    expect((await finished()).data).toEqual([])

    t.clock.advance(54 * 60_000) // one minute before the end
    expect((await scheduled())[0]?.status).toBe('scheduled')
    t.clock.advance(60_000) // the end
    expect(await scheduled()).toEqual([])
    const page = await finished()
    expect(page.data.map((l) => [l.id, l.status, l.finished_at])).toEqual([
      [lesson.id, 'finished', '2026-03-10T09:55:00.000Z'],
    ])
    const shown = parseLesson(
      (await getWith(t, pair.teacher.token, '/lessons/show', { lesson_id: lesson.id })).json(),
    )
    expect(shown.status).toBe('finished')
  })
})

describe('GET /lessons/list_finished', () => {
  it('pages the ended lessons, finished and cancelled, newest first', async () => {
    const pair = await lessonParties(t)
    const ids: string[] = []
    for (let day = 1; day <= 5; day++) ids.push((await addLessonAt(t, pair, -day * 24 * HOUR)).id)
    const cancelled = await addLessonAt(t, pair, -6 * 24 * HOUR, {
      cancelledAt: new Date('2026-03-01T10:00:00Z'),
    })
    await addLessonAt(t, pair, 24 * HOUR)
    await addLessonAt(t, pair, -24 * HOUR - 90, { isGroup: true })

    const first = parseLessonPage(
      (await getWith(t, pair.student.token, '/lessons/list_finished', { per_page: '4' })).json(),
    )
    expect(first).toMatchObject({ currentPage: 1, lastPage: 2, perPage: 4, total: 6 })
    expect(first.data.map((l) => l.id)).toEqual(ids.slice(0, 4))
    const second = parseLessonPage(
      (await getWith(t, pair.student.token, '/lessons/list_finished', { per_page: '4', page: '2' })).json(),
    )
    expect(second.data.map((l) => [l.id, l.status])).toEqual([
      [ids[4], 'finished'],
      [cancelled.id, 'cancelled'],
    ])
    const beyond = parseLessonPage(
      (await getWith(t, pair.student.token, '/lessons/list_finished', { per_page: '4', page: '3' })).json(),
    )
    expect(beyond).toMatchObject({ data: [], currentPage: 3, lastPage: 2, total: 6 })
  })

  // Marta's lesson cancelled for a future date once stayed under "Zaplanowane".
  it('holds a cancelled lesson whose start is still ahead, for both parties', async () => {
    const pair = await lessonParties(t)
    const ended = await addLessonAt(t, pair, -24 * HOUR)
    const cancelled = await addLessonAt(t, pair, 24 * HOUR, {
      cancelledAt: t.clock.now(),
      cancelledBy: pair.student.user.id,
      cancellationReason: 'Sick',
    })
    await addLessonAt(t, pair, 48 * HOUR)

    for (const who of [pair.student, pair.teacher]) {
      const page = parseLessonPage((await getWith(t, who.token, '/lessons/list_finished')).json())
      expect(page.total).toBe(2)
      expect(page.data.map((l) => [l.id, l.status])).toEqual([
        [cancelled.id, 'cancelled'],
        [ended.id, 'finished'],
      ])
    }
    const [shown] = parseLessonPage(
      (await getWith(t, pair.student.token, '/lessons/list_finished')).json(),
    ).data
    expect(shown).toMatchObject({
      canceled: true,
      cancelled_by_role: 'student',
      cancellation_reason: 'Sick',
      cancelled_at: '2026-03-10T09:00:00.000Z',
      finished_at: null,
    })
  })

  it('filters on the start by Poland dates, both ends inclusive', async () => {
    const pair = await lessonParties(t)
    // 23:30 on 5 March and 00:15 on 6 March, Poland time (CET, UTC+1).
    const late = await addLessonAt(t, pair, 0, {
      startsAt: new Date('2026-03-05T22:30:00Z'),
      endsAt: new Date('2026-03-05T23:15:00Z'),
    })
    const early = await addLessonAt(t, pair, 0, {
      startsAt: new Date('2026-03-05T23:15:00Z'),
      endsAt: new Date('2026-03-06T00:00:00Z'),
    })
    const list = async (query: Record<string, string>) =>
      parseLessonPage(
        (await getWith(t, pair.student.token, '/lessons/list_finished', query)).json(),
      ).data.map((l) => l.id)
    expect(await list({ date_to: '2026-03-05' })).toEqual([late.id])
    expect(await list({ date_from: '2026-03-06' })).toEqual([early.id])
    expect(await list({ date_from: '2026-03-05', date_to: '2026-03-06' })).toEqual([early.id, late.id])
    expect(await list({ date_from: '2026-03-07', date_to: '2026-03-06' })).toEqual([])
  })

  it('refuses a malformed query (400 with the field)', async () => {
    const { student } = await lessonParties(t)
    const queries: Record<string, string>[] = [
      { per_page: '0' },
      { per_page: '201' },
      { page: 'x' },
      { date_from: '2026-13-01' },
    ]
    for (const query of queries) {
      const response = await getWith(t, student.token, '/lessons/list_finished', query)
      expect(refusal(response), JSON.stringify(query)).toMatchObject({
        status: 400,
        code: 'validation_failed',
      })
    }
  })
})

describe('GET /lessons/list_group', () => {
  it('holds only group lessons, past and future, newest first, without the student memo', async () => {
    const pair = await lessonParties(t)
    const past = await addLessonAt(t, pair, -3 * 24 * HOUR, { isGroup: true, studentMemos: 'hidden' })
    const future = await addLessonAt(t, pair, 3 * 24 * HOUR, { isGroup: true, teacherMemos: 'Chapter 4' })
    await addLessonAt(t, pair, 24 * HOUR)
    for (const party of [pair.student, pair.teacher]) {
      const page = parseLessonPage((await getWith(t, party.token, '/lessons/list_group')).json())
      expect(page.data.map((l) => [l.id, l.status, l.is_group])).toEqual([
        [future.id, 'scheduled', true],
        [past.id, 'finished', true],
      ])
      expect(page.data.map((l) => [l.student_memos, l.teacher_memos])).toEqual([
        [null, 'Chapter 4'],
        [null, null],
      ])
      expect(page).toMatchObject({ total: 2, currentPage: 1, lastPage: 1, perPage: 50 })
    }
  })
})

describe('GET /lessons/show', () => {
  it('shows a lesson with its rating, files and only the asking user’s own absence report', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, -2 * HOUR)
    const db = t.database.db
    await db.insert(lessonRatings).values({ lessonId: lesson.id, value: 4, comment: 'Good' })
    const [file] = await db
      .insert(lessonFiles)
      .values({
        lessonId: lesson.id,
        ownerRole: 'teacher',
        storageKey: '22222222-2222-4222-8222-222222222222.pdf',
        filename: 'Homework.pdf',
        contentType: 'pdf',
        size: 1234,
        createdAt: new Date('2026-03-10T08:00:00Z'),
      })
      .returning()
    await db.insert(absenceReports).values({
      lessonId: lesson.id,
      reporterId: pair.teacher.user.id,
      absenteeId: pair.student.user.id,
      note: 'Did not come',
      createdAt: new Date('2026-03-10T07:30:00Z'),
    })
    const asStudent = parseLesson(
      (await getWith(t, pair.student.token, '/lessons/show', { lesson_id: lesson.id })).json(),
    )
    expect(asStudent.rating).toEqual({ value: 4, comment: 'Good' })
    expect(asStudent.lesson_files).toEqual([
      {
        id: file?.id,
        filename: 'Homework.pdf',
        file_url: `/api/v1/lessons/download_file?lesson_id=${lesson.id}&file_id=${file?.id}`,
        type: 'teacher',
        content_type: 'pdf',
        size: 1234,
        created_at: '2026-03-10T08:00:00.000Z',
      },
    ])
    expect(asStudent.my_absence_report).toBeNull()
    const asTeacher = parseLesson(
      (await getWith(t, pair.teacher.token, '/lessons/show', { lesson_id: lesson.id })).json(),
    )
    expect(asTeacher.my_absence_report).toEqual({
      absentee_id: pair.student.user.id,
      note: 'Did not come',
      absentee_joined: false,
      created_at: '2026-03-10T07:30:00.000Z',
    })
  })

  it("answers 404 for someone else's lesson and for an unknown id, 400 for a malformed one", async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 24 * HOUR)
    const stranger = await lessonParties(t)
    for (const token of [stranger.student.token, stranger.teacher.token]) {
      const response = await getWith(t, token, '/lessons/show', { lesson_id: lesson.id })
      expect(refusal(response)).toMatchObject({ status: 404, code: 'not_found', error: 'Not found' })
    }
    const unknown = await getWith(t, pair.student.token, '/lessons/show', {
      lesson_id: '33333333-3333-4333-8333-333333333333',
    })
    expect(refusal(unknown)).toMatchObject({ status: 404, code: 'not_found' })
    const malformed = await getWith(t, pair.student.token, '/lessons/show', { lesson_id: 'nope' })
    expect(refusal(malformed)).toMatchObject({ status: 400, code: 'validation_failed' })
  })

  it('requires a session (401)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/lessons/list_scheduled' })
    expect(refusal(response)).toMatchObject({ status: 401, code: 'unauthenticated' })
  })

  it('lists many lessons with files in one answer', async () => {
    const pair = await lessonParties(t)
    for (let i = 0; i < 30; i++) {
      const lesson = await addLessonAt(t, pair, -(i + 1) * 24 * HOUR)
      await t.database.db.insert(lessonFiles).values({
        lessonId: lesson.id,
        ownerRole: 'teacher',
        storageKey: `${crypto.randomUUID()}.pdf`,
        filename: `f${i}.pdf`,
        contentType: 'pdf',
        size: i,
      })
    }
    const page = parseLessonPage((await getWith(t, pair.teacher.token, '/lessons/list_finished')).json())
    expect(page.total).toBe(30)
    expect(page.data.map((l) => l.lesson_files.map((f) => f.filename))).toEqual(
      Array.from({ length: 30 }, (_, i) => [`f${i}.pdf`]),
    )
    await t.database.db.update(users).set({ firstName: null }).where(eq(users.id, pair.teacher.user.id))
    const renamed = parseLessonPage((await getWith(t, pair.student.token, '/lessons/list_finished')).json())
    expect(renamed.data[0]?.fullName).toBe('Nowak')
  })
})
