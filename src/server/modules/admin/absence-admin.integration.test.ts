import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { absenceReportsResponse, absenceResolveResponse } from '../../../domain/api/admin-lessons.ts'
import { users } from '../../db/schema.ts'
import { absenceReports, teacherPenalties } from '../../db/schema-lessons.ts'
import { roomConnections } from '../../db/schema-room.ts'
import { startConsoleTest } from '../../test-support/console-test.ts'
import { bearer } from '../../test-support/fixtures.ts'
import { addLessonAt, lessonParties, type Party, postJson } from '../../test-support/my-lessons.ts'

// The school's review of absence reports (product-rules.md "Absence reports") — the queue with the
// room's attendance beside each claim, and the decision: accepting applies product-rules.md
// "Warning and ban", "Teacher penalties" (a student's warning, then ban; a teacher's financial
// penalty); both parties are e-mailed in their locale (SMTP sink).

const c = startConsoleTest({ mail: true })
const { auditOf, fieldsOf } = c
const get = (query: Record<string, string>) => c.get('/admin/absence_reports/index', query)
const resolve = (body: unknown) => c.post('/admin/absence_reports/resolve', body)
const minutes = (n: number) => new Date(c.t.clock.now().getTime() + n * 60_000)

/** A finished lesson of the pair, reported by `reporter` (the absentee is the other party). */
async function reportedLesson(pair: { teacher: Party; student: Party }, reporter: 'student' | 'teacher') {
  const lesson = await addLessonAt(c.t, pair, -120)
  const [by, absentee] = reporter === 'student' ? [pair.student, pair.teacher] : [pair.teacher, pair.student]
  const answer = await postJson(c.t, by.token, '/lessons/report_absence', {
    lesson_id: lesson.id,
    absentee_id: absentee.user.id,
    note: 'Nie było go.',
  })
  expect(answer.statusCode).toBe(200)
  const [report] = await c.t.database.db
    .select()
    .from(absenceReports)
    .where(and(eq(absenceReports.lessonId, lesson.id), eq(absenceReports.reporterId, by.user.id)))
  if (!report) throw new Error('no report')
  return { lesson, report }
}

describe('GET /admin/absence_reports/index', () => {
  it('queues open reports oldest first, each with both parties’ attendance', async () => {
    const pair = await lessonParties(c.t)
    const first = await reportedLesson(pair, 'student')
    const [joined, left] = [minutes(-121), minutes(-80)]
    await c.t.database.db.insert(roomConnections).values({
      lessonId: first.lesson.id,
      userId: pair.student.user.id,
      role: 'student',
      origin: 'test',
      joinedAt: joined,
      leftAt: left,
      lastSeenAt: left,
    })
    c.t.clock.advance(60_000)
    const second = await reportedLesson(pair, 'teacher')

    const answer = await get({ lesson_id: first.lesson.id })
    expect(answer.statusCode).toBe(200)
    const data = v.parse(absenceReportsResponse, answer.json()).data
    expect(data.reports).toHaveLength(1)
    expect(data.reports[0]).toMatchObject({
      id: first.report.id,
      status: 'open',
      note: 'Nie było go.',
      absentee_joined: false,
      reporter: { id: pair.student.user.id, role: 'student', name: 'Marta Dąbrowska' },
      absentee: {
        id: pair.teacher.user.id,
        role: 'teacher',
        warned_at: null,
        banned_until: null,
        penalties: 0,
      },
      lesson: {
        id: first.lesson.id,
        status: 'finished',
        language: { name: 'English', name_pl: 'angielski' },
        level: 'B1',
      },
      attendance: [
        {
          role: 'student',
          user_id: pair.student.user.id,
          from: joined.toISOString(),
          to: left.toISOString(),
        },
      ],
    })
    const queue = v.parse(absenceReportsResponse, (await get({ per_page: '200' })).json()).data
    const ids = queue.reports.map((r) => r.id)
    expect(ids.indexOf(first.report.id)).toBeLessThan(ids.indexOf(second.report.id))
    expect(v.parse(absenceReportsResponse, (await get({ status: 'accepted' })).json()).data.reports).toEqual(
      [],
    )
    const bad = await get({ status: 'closed', lesson_id: '1' })
    expect(bad.statusCode).toBe(400)
    expect(fieldsOf(bad)).toEqual(['lesson_id', 'status'])
  })
})

describe('POST /admin/absence_reports/resolve', () => {
  it("accepts a student's report: the teacher's penalty, both told in their locale, audited", async () => {
    const pair = await lessonParties(c.t, { teacher: { locale: 'en' }, student: { locale: 'pl' } })
    const { lesson, report } = await reportedLesson(pair, 'student')
    const answer = await resolve({
      report_id: report.id,
      decision: 'accept',
      note: 'Potwierdzone nagraniem.',
    })
    expect(answer.statusCode).toBe(200)
    const data = v.parse(absenceResolveResponse, answer.json()).data
    expect(data).toMatchObject({
      consequence: 'penalty',
      banned_until: null,
      mail_sent: { reporter: true, absentee: true },
      report: {
        status: 'accepted',
        resolution_note: 'Potwierdzone nagraniem.',
        resolved_by: { id: c.operatorId },
        resolved_at: c.t.clock.now().toISOString(),
      },
    })
    const penalties = await c.t.database.db
      .select()
      .from(teacherPenalties)
      .where(eq(teacherPenalties.lessonId, lesson.id))
    expect(penalties).toMatchObject([{ teacherId: pair.teacher.user.id, reason: 'absence' }])
    // The penalty shows on the teacher in the queue and on the lesson.
    expect(data.report.absentee).toMatchObject({ id: pair.teacher.user.id, penalties: 1 })
    const shown = await c.get('/admin/lessons/show', { lesson_id: lesson.id })
    expect(shown.json().data.penalties).toMatchObject([
      { teacher_id: pair.teacher.user.id, reason: 'absence' },
    ])

    const [teacherMail] = await c.sink.waitFor(pair.teacher.user.email)
    expect(teacherMail?.subject).toBe('Lektorium: absence report accepted')
    expect(teacherMail?.text).toContain('a financial penalty applies')
    expect(teacherMail?.text).toContain('Potwierdzone nagraniem.')
    const [studentMail] = await c.sink.waitFor(pair.student.user.email)
    expect(studentMail?.subject).toBe('Lektorium: zgłoszenie nieobecności przyjęte')
    expect(studentMail?.text).toContain('Anna Nowak')

    const [entry] = await auditOf('absence_report.accept', report.id)
    expect(entry).toMatchObject({
      actorKind: 'operator',
      actorId: c.operatorId,
      targetType: 'absence_report',
      before: { status: 'open', lesson_id: lesson.id, absentee: { penalty: null } },
      after: { status: 'accepted', consequence: 'penalty', absentee: { penalty: { reason: 'absence' } } },
    })

    const again = await resolve({ report_id: report.id, decision: 'dismiss' })
    expect(again.statusCode).toBe(400)
    expect(again.json().errors).toEqual([
      { field: 'report_id', message: 'This report has already been resolved', code: 'invalid' },
    ])
  })

  it("accepts a teacher's reports: the student is warned, then banned and signed out", async () => {
    const pair = await lessonParties(c.t)
    const first = await reportedLesson(pair, 'teacher')
    const second = await reportedLesson(pair, 'teacher')
    const warned = v.parse(
      absenceResolveResponse,
      (await resolve({ report_id: first.report.id, decision: 'accept' })).json(),
    ).data
    expect(warned).toMatchObject({ consequence: 'warned', banned_until: null })
    expect(warned.report.absentee.warned_at).toBe(c.t.clock.now().toISOString())
    const me = await c.t.app.inject({
      method: 'GET',
      url: '/api/v1/students/me',
      headers: bearer(pair.student.token),
    })
    expect(me.json().data.warned_at).toBe(c.t.clock.now().toISOString())
    const [warning] = await c.sink.waitFor(pair.student.user.email)
    expect(warning?.text).toContain('To jest ostrzeżenie')

    const settings = (await c.get('/admin/settings/show')).json().data
    const banned = v.parse(
      absenceResolveResponse,
      (await resolve({ report_id: second.report.id, decision: 'accept' })).json(),
    ).data
    const until = new Date(c.t.clock.now().getTime() + settings.ban_duration * 86_400_000).toISOString()
    expect(banned).toMatchObject({ consequence: 'banned', banned_until: until })
    expect(banned.report.absentee.banned_until).toBe(until)
    const signedOut = await c.t.app.inject({
      method: 'GET',
      url: '/api/v1/students/me',
      headers: bearer(pair.student.token),
    })
    expect(signedOut.statusCode).toBe(401)
    const mails = await c.sink.waitFor(pair.student.user.email, 2)
    expect(mails[1]?.text).toContain('Twoje konto jest zablokowane do')
  })

  it('dismisses with a note: nothing changes for the absentee, both are told', async () => {
    const pair = await lessonParties(c.t, { student: { locale: 'en' } })
    const { report } = await reportedLesson(pair, 'teacher')
    const answer = await resolve({
      report_id: report.id,
      decision: 'dismiss',
      note: 'The student was there.',
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json().data).toMatchObject({ consequence: null, report: { status: 'dismissed' } })
    const [student] = await c.t.database.db.select().from(users).where(eq(users.id, pair.student.user.id))
    expect(student).toMatchObject({ warnedAt: null, bannedUntil: null })
    const [mail] = await c.sink.waitFor(pair.student.user.email)
    expect(mail?.subject).toBe('Lektorium: absence report dismissed')
    expect(mail?.text).toContain('nothing changes for you')
    expect((await c.sink.waitFor(pair.teacher.user.email))[0]?.text).toContain('The student was there.')
    const [entry] = await auditOf('absence_report.dismiss', report.id)
    expect(entry).toMatchObject({
      before: { status: 'open' },
      after: { status: 'dismissed', consequence: null },
    })
  })

  it('refuses to accept a report of a lesson cancelled since, and bad input with field errors', async () => {
    const pair = await lessonParties(c.t)
    const lesson = await addLessonAt(c.t, pair, 10)
    await postJson(c.t, pair.teacher.token, '/lessons/report_absence', {
      lesson_id: lesson.id,
      absentee_id: pair.student.user.id,
      note: 'Nie dołączył.',
    })
    const [report] = await c.t.database.db
      .select()
      .from(absenceReports)
      .where(eq(absenceReports.lessonId, lesson.id))
    await postJson(c.t, pair.student.token, '/lessons/cancel', {
      lesson_id: lesson.id,
      cancellation_reason: 'Nie mogę',
    })
    const refused = await resolve({ report_id: report?.id, decision: 'accept' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors[0].field).toBe('decision')
    const [still] = await c.t.database.db
      .select()
      .from(absenceReports)
      .where(eq(absenceReports.lessonId, lesson.id))
    expect(still?.status).toBe('open')

    const bad = await resolve({ report_id: 'x', decision: 'maybe', note: 'n'.repeat(256) })
    expect(bad.statusCode).toBe(400)
    expect(fieldsOf(bad)).toEqual(['decision', 'note', 'report_id'])
    const missing = await resolve({ report_id: crypto.randomUUID(), decision: 'dismiss' })
    expect(missing.statusCode).toBe(404)
  })
})
