import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { auditIndexResponse } from '../../../domain/api/admin.ts'
import { adminLessonShowResponse, adminLessonsResponse } from '../../../domain/api/admin-lessons.ts'
import { runOpsCommand } from '../../cli/commands.ts'
import { users } from '../../db/schema.ts'
import { auditLog } from '../../db/schema-admin.ts'
import { lessonFiles, teacherPenalties } from '../../db/schema-lessons.ts'
import { lessonNotifications } from '../../db/schema-notifications.ts'
import { lessonArchives, lessonVoiceRecordings } from '../../db/schema-recordings.ts'
import { lessonChatMessages, roomConnections } from '../../db/schema-room.ts'
import { authorizationBreaches } from '../../test-support/admin-operator.ts'
import { startConsoleTest } from '../../test-support/console-test.ts'
import { bearer } from '../../test-support/fixtures.ts'
import { addLessonAt, lessonParties, lessonRow, postJson } from '../../test-support/my-lessons.ts'

// The console's lessons — the list, a lesson's details with what the room recorded, and
// the school's cancel with a reason and no penalty.

const c = startConsoleTest()
const { get, post, auditOf, fieldsOf } = c
const minutes = (n: number) => new Date(c.t.clock.now().getTime() + n * 60_000)

describe('GET /admin/lessons/index', () => {
  it('lists lessons by teacher, student, status and Poland days, newest first, with pages', async () => {
    const pair = await lessonParties(c.t, { student: { companyName: 'Partner S.A.' } })
    const upcoming = await addLessonAt(c.t, pair, 2 * 24 * 60)
    const finished = await addLessonAt(c.t, pair, -24 * 60)
    const cancelled = await addLessonAt(c.t, pair, 24 * 60, {
      cancelledAt: c.t.clock.now(),
      cancelledBy: pair.student.user.id,
      cancellationReason: 'Choroba',
    })
    const other = await lessonParties(c.t)
    await addLessonAt(c.t, other, 60)

    const all = await get('/admin/lessons/index', { teacher_id: pair.teacher.user.id })
    expect(all.statusCode).toBe(200)
    const page = v.parse(adminLessonsResponse, all.json()).data
    expect(page.lessons.map((l) => l.id)).toEqual([upcoming.id, cancelled.id, finished.id])
    expect(page.has_more).toBe(false)
    expect(page.lessons[1]).toMatchObject({
      status: 'cancelled',
      teacher: { id: pair.teacher.user.id, name: 'Anna Nowak', email: pair.teacher.user.email },
      student: { id: pair.student.user.id, name: 'Marta Dąbrowska', company_name: 'Partner S.A.' },
      language: { name: 'English' },
      level: { name: 'B1' },
      cancelled_by: { role: 'student', id: pair.student.user.id, name: 'Marta Dąbrowska' },
      cancellation_reason: 'Choroba',
      absence_reports: 0,
    })

    const finishedOnly = v.parse(
      adminLessonsResponse,
      (await get('/admin/lessons/index', { student_id: pair.student.user.id, status: 'finished' })).json(),
    ).data
    expect(finishedOnly.lessons.map((l) => l.id)).toEqual([finished.id])
    const scheduled = v.parse(
      adminLessonsResponse,
      (await get('/admin/lessons/index', { teacher_id: pair.teacher.user.id, status: 'scheduled' })).json(),
    ).data
    expect(scheduled.lessons.map((l) => l.id)).toEqual([upcoming.id])

    // The test clock is Tuesday 10 March 2026, 10:00 in Poland: the lesson in two days is on the 12th.
    const day = v.parse(
      adminLessonsResponse,
      (
        await get('/admin/lessons/index', {
          teacher_id: pair.teacher.user.id,
          date_from: '2026-03-12',
          date_to: '2026-03-12',
        })
      ).json(),
    ).data
    expect(day.lessons.map((l) => l.id)).toEqual([upcoming.id])

    const first = v.parse(
      adminLessonsResponse,
      (await get('/admin/lessons/index', { teacher_id: pair.teacher.user.id, per_page: '2' })).json(),
    ).data
    expect(first).toMatchObject({ page: 1, has_more: true })
    const second = v.parse(
      adminLessonsResponse,
      (
        await get('/admin/lessons/index', { teacher_id: pair.teacher.user.id, per_page: '2', page: '2' })
      ).json(),
    ).data
    expect(second.lessons.map((l) => l.id)).toEqual([finished.id])
    expect(second.has_more).toBe(false)
  })

  it('answers bad filters with field errors', async () => {
    const bad = await get('/admin/lessons/index', {
      status: 'lost',
      date_from: '2026-02-31',
      teacher_id: 'x',
    })
    expect(bad.statusCode).toBe(400)
    expect(fieldsOf(bad)).toEqual(['date_from', 'status', 'teacher_id'])
  })
})

describe('GET /admin/lessons/show', () => {
  it("shows the room's attendance, chat length, materials, recordings, voice clips and absence reports", async () => {
    const pair = await lessonParties(c.t)
    const lesson = await addLessonAt(c.t, pair, -60)
    const connection = (userId: string, role: 'student' | 'teacher', from: number, to: number) => ({
      lessonId: lesson.id,
      userId,
      role,
      origin: 'test',
      joinedAt: minutes(from),
      leftAt: minutes(to),
      lastSeenAt: minutes(to),
    })
    await c.t.database.db.insert(roomConnections).values([
      connection(pair.teacher.user.id, 'teacher', -62, -15),
      connection(pair.student.user.id, 'student', -58, -40),
      // A reconnect within a minute is one stay.
      connection(pair.student.user.id, 'student', -40, -16),
    ])
    await c.t.database.db.insert(lessonChatMessages).values(
      [1, 2, 3].map((i) => ({
        lessonId: lesson.id,
        authorId: pair.student.user.id,
        authorRole: 'student' as const,
        clientId: crypto.randomUUID(),
        body: `message ${i}`,
        createdAt: minutes(-50 + i),
      })),
    )
    await c.t.database.db.insert(lessonFiles).values({
      lessonId: lesson.id,
      ownerRole: 'teacher',
      storageKey: `material-${lesson.id}`,
      filename: 'plan.pdf',
      contentType: 'pdf',
      size: 1234,
    })
    await c.t.database.db.insert(lessonArchives).values({
      lessonId: lesson.id,
      startedBy: pair.teacher.user.id,
      status: 'ready',
      startedAt: minutes(-55),
      stoppedAt: minutes(-20),
      fileKey: `recording-${lesson.id}`,
      fileSize: 10_000,
      durationMs: 35 * 60_000,
      expiresAt: minutes(30 * 24 * 60),
    })
    await c.t.database.db.insert(lessonVoiceRecordings).values([
      {
        lessonId: lesson.id,
        fileKey: `voice-${lesson.id}`,
        size: 48_000,
        durationMs: 3200,
        createdAt: minutes(-30),
      },
      // A clip kept before lengths were.
      { lessonId: lesson.id, fileKey: `voice-old-${lesson.id}`, size: 9000, createdAt: minutes(-25) },
    ])
    const reported = await postJson(c.t, pair.student.token, '/lessons/report_absence', {
      lesson_id: lesson.id,
      absentee_id: pair.teacher.user.id,
      note: 'Lektor wyszedł wcześniej.',
    })
    expect(reported.statusCode).toBe(200)

    const show = await get('/admin/lessons/show', { lesson_id: lesson.id })
    expect(show.statusCode).toBe(200)
    const data = v.parse(adminLessonShowResponse, show.json()).data
    expect(data).toMatchObject({ id: lesson.id, status: 'finished', chat_messages: 3, absence_reports: 1 })
    expect(data.attendance).toEqual([
      {
        role: 'teacher',
        user_id: pair.teacher.user.id,
        from: minutes(-62).toISOString(),
        to: minutes(-15).toISOString(),
      },
      {
        role: 'student',
        user_id: pair.student.user.id,
        from: minutes(-58).toISOString(),
        to: minutes(-16).toISOString(),
      },
    ])
    expect(data.materials).toMatchObject([{ filename: 'plan.pdf', owner_role: 'teacher', size: 1234 }])
    expect(data.recordings).toHaveLength(1)
    expect(data.recordings[0]).toMatchObject({ status: 'ready', duration_ms: 35 * 60_000 })
    expect(data.recordings[0]?.url).toMatch(/^\/api\/v1\/files\/recording-.*sig=/)
    expect(data.voice_recordings).toMatchObject([
      { size: 48_000, duration_ms: 3200, created_at: minutes(-30).toISOString() },
      { size: 9000, duration_ms: null, created_at: minutes(-25).toISOString() },
    ])
    expect(data.voice_recordings[0]?.url).toMatch(/^\/api\/v1\/files\/voice-.*sig=/)
    expect(data.reports).toMatchObject([
      {
        status: 'open',
        note: 'Lektor wyszedł wcześniej.',
        absentee_joined: true,
        reporter: { id: pair.student.user.id, role: 'student' },
        absentee: { id: pair.teacher.user.id, role: 'teacher' },
      },
    ])
    expect(data.reports[0]?.attendance).toEqual(data.attendance)
  })

  it('answers 404 for no such lesson and 400 for a malformed id', async () => {
    expect((await get('/admin/lessons/show', { lesson_id: crypto.randomUUID() })).statusCode).toBe(404)
    const bad = await get('/admin/lessons/show', { lesson_id: 'nope' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('lesson_id')
  })
})

describe('GET /admin/audit/index names what it lists', () => {
  // The log showed ids only: a person reads a lesson by its start and parties, a person by name.
  it('names the operator, a lesson by its start and parties, and a person by name and e-mail', async () => {
    await c.t.database.db
      .update(users)
      .set({ firstName: 'Ola', lastName: 'Kowalczyk' })
      .where(eq(users.id, c.operatorId))
    const pair = await lessonParties(c.t)
    const lesson = await addLessonAt(c.t, pair, 3 * 24 * 60)
    expect(
      (await post('/admin/lessons/cancel', { lesson_id: lesson.id, reason: 'Choroba' })).statusCode,
    ).toBe(200)
    await runOpsCommand(c.t.ctx, { command: 'lesson-limits', email: pair.student.user.email, scheduled: 3 })
    const cancelled = v.parse(
      auditIndexResponse,
      (await get('/admin/audit/index', { action: 'lesson.cancel', target_id: lesson.id })).json(),
    ).data.entries[0]
    expect(cancelled).toMatchObject({
      actor: { kind: 'operator', id: c.operatorId, name: 'Ola Kowalczyk' },
      target: {
        kind: 'lesson',
        starts_at: lesson.startsAt.toISOString(),
        teacher: { name: 'Anna Nowak', email: pair.teacher.user.email },
        student: { name: 'Marta Dąbrowska', email: pair.student.user.email },
      },
    })
    const limits = v.parse(
      auditIndexResponse,
      (
        await get('/admin/audit/index', { action: 'user.lesson_limits', target_id: pair.student.user.id })
      ).json(),
    ).data.entries[0]
    expect(limits).toMatchObject({
      actor: { kind: 'cli', name: null },
      target: { kind: 'person', name: 'Marta Dąbrowska', email: pair.student.user.email },
    })
  })
})

describe('POST /admin/lessons/cancel', () => {
  it('cancels a late lesson for the school: no warning, no penalty, both parties told, audited', async () => {
    const pair = await lessonParties(c.t)
    // Within the cancellation earliness: a party's own cancel here would cost a warning or a penalty.
    const lesson = await addLessonAt(c.t, pair, 30)
    const answer = await post('/admin/lessons/cancel', {
      lesson_id: lesson.id,
      reason: '  Lektor jest chory.  ',
    })
    expect(answer.statusCode).toBe(200)
    const data = v.parse(adminLessonShowResponse, answer.json()).data
    expect(data).toMatchObject({
      status: 'cancelled',
      cancelled_at: c.t.clock.now().toISOString(),
      cancelled_by: { role: 'operator', id: c.operatorId },
      cancellation_reason: 'Lektor jest chory.',
    })
    const row = await lessonRow(c.t, lesson.id)
    expect(row.cancelledBy).toBe(c.operatorId)
    const [student] = await c.t.database.db.select().from(users).where(eq(users.id, pair.student.user.id))
    expect(student).toMatchObject({ warnedAt: null, bannedUntil: null })
    const penalties = await c.t.database.db
      .select()
      .from(teacherPenalties)
      .where(eq(teacherPenalties.lessonId, lesson.id))
    expect(penalties).toEqual([])
    const told = await c.t.database.db
      .select({ recipient: lessonNotifications.recipient })
      .from(lessonNotifications)
      .where(and(eq(lessonNotifications.lessonId, lesson.id), eq(lessonNotifications.kind, 'cancelled')))
    expect(told.map((n) => n.recipient).sort()).toEqual(['student', 'teacher'])

    const [entry] = await auditOf('lesson.cancel', lesson.id)
    expect(entry).toMatchObject({
      actorKind: 'operator',
      actorId: c.operatorId,
      targetType: 'lesson',
      before: { status: 'scheduled', cancelled_at: null },
      after: { status: 'cancelled', cancellation_reason: 'Lektor jest chory.', penalty: null },
    })

    // The student's own lesson list shows it cancelled, by nobody of the two.
    const mine = await c.t.app.inject({
      method: 'GET',
      url: `/api/v1/lessons/show?lesson_id=${lesson.id}`,
      headers: bearer(pair.student.token),
    })
    expect(mine.json().data).toMatchObject({ status: 'cancelled', cancelled_by_role: null })
  })

  it('refuses what cannot be cancelled with the codes of lessons/cancel, and bad input with field errors', async () => {
    const pair = await lessonParties(c.t)
    const started = await addLessonAt(c.t, pair, -10)
    const finished = await addLessonAt(c.t, pair, -120)
    const cancelled = await addLessonAt(c.t, pair, 120, { cancelledAt: c.t.clock.now() })
    const code = async (lessonId: string) => {
      const answer = await post('/admin/lessons/cancel', { lesson_id: lessonId, reason: 'Powód' })
      return [answer.statusCode, answer.json().code]
    }
    expect(await code(started.id)).toEqual([409, 'lesson_started'])
    expect(await code(finished.id)).toEqual([409, 'lesson_finished'])
    expect(await code(cancelled.id)).toEqual([409, 'lesson_cancelled'])
    expect(await code(crypto.randomUUID())).toEqual([404, 'not_found'])

    const upcoming = await addLessonAt(c.t, pair, 600)
    const empty = await post('/admin/lessons/cancel', { lesson_id: upcoming.id, reason: '   ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toEqual([
      { field: 'reason', message: 'This field is required', code: 'required' },
    ])
    const long = await post('/admin/lessons/cancel', { lesson_id: upcoming.id, reason: 'x'.repeat(256) })
    expect(long.json().errors[0]).toMatchObject({ field: 'reason', code: 'too_long' })
    expect((await lessonRow(c.t, upcoming.id)).cancelledAt).toBeNull()
    // Nothing refused was audited.
    const entries = await c.t.database.db.select().from(auditLog).where(eq(auditLog.targetId, upcoming.id))
    expect(entries).toEqual([])
  })
})

describe("who reaches the console's lessons, absence reports, lack-of-slots and overview", () => {
  it('401 signed out; 403 students, teachers and an operator without the second factor', async () => {
    const id = crypto.randomUUID()
    const breaches = await authorizationBreaches(c.t, [
      { method: 'GET', url: '/admin/lessons/index' },
      { method: 'GET', url: `/admin/lessons/show?lesson_id=${id}` },
      { method: 'POST', url: '/admin/lessons/cancel', payload: { lesson_id: id, reason: 'x' } },
      { method: 'GET', url: '/admin/absence_reports/index' },
      {
        method: 'POST',
        url: '/admin/absence_reports/resolve',
        payload: { report_id: id, decision: 'dismiss' },
      },
      { method: 'GET', url: '/admin/lack_of_slots/index' },
      { method: 'POST', url: '/admin/lack_of_slots/handle', payload: { ids: [id] } },
      { method: 'GET', url: '/admin/overview' },
    ])
    expect(breaches).toEqual([])
  })
})
