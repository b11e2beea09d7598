import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema.ts'
import {
  absenceReports,
  lessonFiles,
  lessonRatings,
  lessons,
  teacherPenalties,
} from '../../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer } from '../../test-support/fixtures.ts'
import {
  addLessonAt,
  getWith,
  lessonParties,
  type Party,
  parseLesson,
  postJson,
  refusal,
  removeFile,
  uploadMaterial,
} from '../../test-support/my-lessons.ts'
import { pdfFile } from '../../test-support/sample-files.ts'
import { storedFiles } from '../../test-support/stored-files.ts'

// A user can never read, change, rate, cancel or download anything of a lesson that is not theirs.
// Every endpoint with a lesson or file id, tried with another student's and another teacher's
// token, answers 404 (the lesson's existence is not revealed) and changes nothing.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
  t.clock.set('2026-03-10T09:00:00Z')
})
afterAll(() => t.close())

const HOUR = 60

async function snapshot(lessonIds: string[], userIds: string[]) {
  const db = t.database.db
  return {
    lessons: await db.select().from(lessons).where(inArray(lessons.id, lessonIds)),
    files: await db.select().from(lessonFiles).where(inArray(lessonFiles.lessonId, lessonIds)),
    ratings: await db.select().from(lessonRatings).where(inArray(lessonRatings.lessonId, lessonIds)),
    reports: await db.select().from(absenceReports).where(inArray(absenceReports.lessonId, lessonIds)),
    penalties: await db.select().from(teacherPenalties).where(inArray(teacherPenalties.lessonId, lessonIds)),
    users: await db.select().from(users).where(inArray(users.id, userIds)),
    stored: await storedFiles(t.filesDir),
  }
}

/** Every call on lessons that names a lesson or a file, as `who`. */
function attempts(who: Party, ids: { upcoming: string; finished: string; fileId: string; absentee: string }) {
  const { upcoming, finished, fileId, absentee } = ids
  const fileQuery = { lesson_id: upcoming, file_id: fileId }
  return {
    show: () => getWith(t, who.token, '/lessons/show', { lesson_id: upcoming }),
    cancel: () =>
      postJson(t, who.token, '/lessons/cancel', { lesson_id: upcoming, cancellation_reason: 'x' }),
    note: () => postJson(t, who.token, '/lessons/update', { lesson_id: upcoming, note: 'x' }),
    studentMemo: () => postJson(t, who.token, '/lessons/update', { lesson_id: upcoming, student_memos: 'x' }),
    teacherMemo: () => postJson(t, who.token, '/lessons/update', { lesson_id: upcoming, teacher_memos: 'x' }),
    material: () =>
      uploadMaterial(t, who.token, { lessonId: upcoming, file: { bytes: pdfFile(), filename: 'x.pdf' } }),
    download: () => getWith(t, who.token, '/lessons/download_file', fileQuery),
    removeByGet: () => removeFile(t, who.token, fileQuery),
    removeByPost: () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/lessons/remove_file?${new URLSearchParams(fileQuery)}`,
        headers: bearer(who.token),
      }),
    absence: () =>
      postJson(t, who.token, '/lessons/report_absence', {
        lesson_id: finished,
        absentee_id: absentee,
        note: 'x',
      }),
    rateCreate: () =>
      postJson(t, who.token, '/ratings/create', { lesson_id: finished, value: 1, comment: 'x' }),
    rateUpdate: () =>
      postJson(t, who.token, '/ratings/update', { lesson_id: finished, value: 1, comment: 'x' }),
    groupAbsence: () =>
      postJson(t, who.token, '/lessons/group_absence', { lesson_id: upcoming, absent: true }),
    groupRoster: () => getWith(t, who.token, '/lessons/group_roster', { lesson_id: upcoming }),
  }
}

describe("another user's lesson", () => {
  it('is not found by any call of another student or another teacher, and nothing changes', async () => {
    const pair = await lessonParties(t)
    const upcoming = await addLessonAt(t, pair, 3 * 24 * HOUR)
    const finished = await addLessonAt(t, pair, -2 * HOUR)
    await postJson(t, pair.student.token, '/ratings/create', {
      lesson_id: finished.id,
      value: 5,
      comment: 'Top',
    })
    const uploaded = await uploadMaterial(t, pair.teacher.token, {
      lessonId: upcoming.id,
      file: { bytes: pdfFile(), filename: 'private.pdf' },
    })
    const fileId = parseLesson(uploaded.json()).lesson_files[0]?.id ?? ''
    // The strangers have lessons of their own (with the same teacher, for the student).
    const strangers = await lessonParties(t)
    await addLessonAt(t, { teacher: pair.teacher, student: strangers.student }, 4 * 24 * HOUR)
    await addLessonAt(t, strangers, -3 * HOUR)

    const lessonIds = [upcoming.id, finished.id]
    const userIds = [pair.student.user.id, pair.teacher.user.id]
    const before = await snapshot(lessonIds, userIds)
    for (const who of [strangers.student, strangers.teacher]) {
      for (const absentee of [pair.teacher.user.id, pair.student.user.id]) {
        const calls = attempts(who, { upcoming: upcoming.id, finished: finished.id, fileId, absentee })
        for (const [name, call] of Object.entries(calls)) {
          const answer = refusal(await call())
          expect(answer, `${who.user.role} ${name}`).toEqual({
            status: 404,
            code: 'not_found',
            error: 'Not found',
          })
        }
      }
    }
    expect(await snapshot(lessonIds, userIds)).toEqual(before)
  })

  it('never appears in the lists of another user', async () => {
    const pair = await lessonParties(t)
    await addLessonAt(t, pair, 24 * HOUR)
    await addLessonAt(t, pair, -24 * HOUR)
    await addLessonAt(t, pair, 24 * HOUR, { isGroup: true })
    const strangers = await lessonParties(t)
    for (const who of [strangers.student, strangers.teacher]) {
      const scheduled = await getWith(t, who.token, '/lessons/list_scheduled')
      expect(scheduled.json()).toMatchObject({ data: { lessons: [] } })
      for (const list of ['/lessons/list_finished', '/lessons/list_group']) {
        expect((await getWith(t, who.token, list)).json()).toMatchObject({ data: [], total: 0 })
      }
    }
  })
})
