import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { lessonInteractions, roomConnections } from '../../db/schema-room.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer } from '../../test-support/fixtures.ts'
import {
  addLessonAt,
  lessonParties,
  type Party,
  parseLesson,
  postJson,
  refusal,
} from '../../test-support/my-lessons.ts'
import { listening, roomTokenFor } from '../../test-support/room.ts'
import { connectRoom } from '../../test-support/room-client.ts'

// protocol §4: the server records each party's socket joining and leaving the room by
// its own clock; the lesson shows those intervals to both parties; the client's own reports go to
// lesson_interactions/create; an absence report keeps whether the absentee ever joined.

let t: TestApp
let base: string
beforeAll(async () => {
  t = await buildTestApp()
  base = await listening(t)
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

const show = async (party: Party, lessonId: string) =>
  parseLesson(
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/lessons/show?lesson_id=${lessonId}`,
        headers: bearer(party.token),
      })
    ).json(),
  )

async function enter(party: Party, lessonId: string) {
  const client = connectRoom(base, (await roomTokenFor(t, party.token, lessonId)).token, {
    session: party.token,
  })
  await client.next('welcome')
  return client
}

/** Waits until the server has recorded the socket's leaving (it happens after the close). */
const leftRows = async (lessonId: string) =>
  (await t.database.db.select().from(roomConnections).where(eq(roomConnections.lessonId, lessonId))).filter(
    (row) => row.leftAt !== null,
  ).length

describe('attendance', () => {
  it('records joins and leaves by the server clock and shows them to both parties', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 0)
    const teacher = await enter(pair.teacher, lesson.id)
    t.clock.set('2026-03-10T09:02:00Z')
    const student = await enter(pair.student, lesson.id)
    t.clock.set('2026-03-10T09:40:00Z')
    student.close()
    await expect.poll(() => leftRows(lesson.id)).toBe(1)

    const rows = await t.database.db
      .select()
      .from(lessonInteractions)
      .where(eq(lessonInteractions.lessonId, lesson.id))
      .orderBy(asc(lessonInteractions.createdAt))
    expect(rows.map((r) => [r.role, r.kind, r.source, r.createdAt.toISOString()])).toEqual([
      ['teacher', 'joined', 'server', '2026-03-10T09:00:00.000Z'],
      ['student', 'joined', 'server', '2026-03-10T09:02:00.000Z'],
      ['student', 'left', 'server', '2026-03-10T09:40:00.000Z'],
    ])
    for (const party of [pair.teacher, pair.student]) {
      expect((await show(party, lesson.id)).attendance).toEqual([
        { role: 'teacher', from: '2026-03-10T09:00:00.000Z', to: null },
        { role: 'student', from: '2026-03-10T09:02:00.000Z', to: '2026-03-10T09:40:00.000Z' },
      ])
    }
    teacher.close()
    await expect.poll(() => leftRows(lesson.id)).toBe(2)
  })

  it('makes one interval of a reconnect, and two of a real absence', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 0)
    const first = await enter(pair.student, lesson.id)
    t.clock.set('2026-03-10T09:10:00Z')
    first.close()
    await expect.poll(() => leftRows(lesson.id)).toBe(1)
    t.clock.set('2026-03-10T09:10:05Z')
    const second = await enter(pair.student, lesson.id)
    t.clock.set('2026-03-10T09:20:00Z')
    second.close()
    await expect.poll(() => leftRows(lesson.id)).toBe(2)
    t.clock.set('2026-03-10T09:30:00Z')
    const third = await enter(pair.student, lesson.id)
    expect((await show(pair.teacher, lesson.id)).attendance).toEqual([
      { role: 'student', from: '2026-03-10T09:00:00.000Z', to: '2026-03-10T09:20:00.000Z' },
      { role: 'student', from: '2026-03-10T09:30:00.000Z', to: null },
    ])
    third.close()
  })

  it("takes the client's reports inside the window from the parties only (201)", async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 0)
    const created = await postJson(t, pair.student.token, '/lesson_interactions/create', {
      lesson_id: lesson.id,
      kind: 'camera_off',
    })
    expect(created.statusCode).toBe(201)
    const [row] = await t.database.db
      .select()
      .from(lessonInteractions)
      .where(eq(lessonInteractions.lessonId, lesson.id))
    expect(row).toMatchObject({
      kind: 'camera_off',
      source: 'client',
      role: 'student',
      userId: pair.student.user.id,
    })
    expect(created.json()).toEqual({ data: { id: row?.id } })
    const stranger = (await lessonParties(t)).teacher
    expect(
      refusal(
        await postJson(t, stranger.token, '/lesson_interactions/create', {
          lesson_id: lesson.id,
          kind: 'left',
        }),
      ),
    ).toMatchObject({
      status: 404,
      code: 'lesson_not_found',
    })
    expect(
      (
        await postJson(t, pair.student.token, '/lesson_interactions/create', {
          lesson_id: lesson.id,
          kind: 'dance',
        })
      ).statusCode,
    ).toBe(400)
    t.clock.set('2026-03-10T10:00:01Z')
    expect(
      refusal(
        await postJson(t, pair.student.token, '/lesson_interactions/create', {
          lesson_id: lesson.id,
          kind: 'left',
        }),
      ),
    ).toMatchObject({
      status: 422,
      code: 'join_window_closed',
    })
  })

  it('keeps in the absence report whether the absentee ever joined', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 0)
    const student = await enter(pair.student, lesson.id)
    student.close()
    await expect.poll(() => leftRows(lesson.id)).toBe(1)
    const byTeacher = await postJson(t, pair.teacher.token, '/lessons/report_absence', {
      lesson_id: lesson.id,
      absentee_id: pair.student.user.id,
      note: 'Wyszła po minucie',
    })
    expect(parseLesson(byTeacher.json()).my_absence_report).toMatchObject({ absentee_joined: true })
    const byStudent = await postJson(t, pair.student.token, '/lessons/report_absence', {
      lesson_id: lesson.id,
      absentee_id: pair.teacher.user.id,
      note: 'Nie było lektora',
    })
    expect(parseLesson(byStudent.json()).my_absence_report).toMatchObject({ absentee_joined: false })
  })
})
