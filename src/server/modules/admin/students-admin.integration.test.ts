import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  adminStudentResponse,
  adminStudentsResponse,
  inviteStudentResponse,
} from '../../../domain/api/admin-students.ts'
import { authorizationBreaches } from '../../test-support/admin-operator.ts'
import { startConsoleTest } from '../../test-support/console-test.ts'
import { createUser, signIn, uniqueEmail } from '../../test-support/fixtures.ts'

// The console's Students: the list with access, warning, ban and invitation; invite
// one (a real e-mail through a real SMTP server; the CSV: students-csv-admin.integration.test.ts);
// extend or end access; lift a ban or a warning. The test clock's today is 2026-03-10 (Poland).

const c = startConsoleTest({ mail: true })
const { get, post, auditOf, fieldsOf, signInCode } = c
const idsOf = (answer: { json(): unknown }) =>
  v.parse(adminStudentsResponse, answer.json()).data.items.map((item) => item.id)
const HEADER = 'email,human_access,ai_access,only_group_lessons,active_until,company_name,locale'

describe('GET /admin/students/index', () => {
  it('filters by state, company and text, and shows access, warning, ban and invitation', async () => {
    const company = `Firma ${randomUUID().slice(0, 8)}`
    const now = c.t.clock.now().getTime()
    const active = await createUser(c.t.database.db, {
      companyName: company,
      humanAccess: true,
      lastName: 'Wiśniewska',
      activeUntil: '2026-06-30',
    })
    const expired = await createUser(c.t.database.db, { companyName: company, activeUntil: '2026-03-09' })
    const banned = await createUser(c.t.database.db, {
      companyName: company,
      warnedAt: new Date(now - 86_400_000),
      bannedUntil: new Date(now + 86_400_000),
    })
    const warned = await createUser(c.t.database.db, { companyName: company, warnedAt: new Date(now) })
    const inactive = await createUser(c.t.database.db, { companyName: company, status: 'inactive' })
    const invitedEmail = uniqueEmail('invited')
    const invite = await post('/admin/students/invite', {
      email: invitedEmail,
      human_access: true,
      ai_access: false,
      company_name: company,
    })
    expect(invite.statusCode).toBe(200)
    const invited = v.parse(inviteStudentResponse, invite.json()).data.student

    const list = (status: string) =>
      get(`/admin/students/index?company=${encodeURIComponent(company)}&status=${status}`)
    expect((await list('all')).statusCode).toBe(200)
    expect(idsOf(await list('all')).sort()).toEqual(
      [active.id, expired.id, banned.id, warned.id, inactive.id, invited.id].sort(),
    )
    expect(idsOf(await list('active')).sort()).toEqual([active.id, warned.id].sort())
    expect(idsOf(await list('expired'))).toEqual([expired.id])
    expect(idsOf(await list('banned'))).toEqual([banned.id])
    expect(idsOf(await list('warned')).sort()).toEqual([banned.id, warned.id].sort())
    expect(idsOf(await list('invited'))).toEqual([invited.id])
    expect(idsOf(await list('deactivated'))).toEqual([inactive.id])
    expect(
      idsOf(await get(`/admin/students/index?q=wiśniewska&company=${encodeURIComponent(company)}`)),
    ).toEqual([active.id])

    const items = v.parse(adminStudentsResponse, (await list('all')).json()).data.items
    const item = (id: string) => items.find((i) => i.id === id)
    expect(item(active.id)).toMatchObject({
      human_access: true,
      ai_access: false,
      only_group_lessons: false,
      active_until: '2026-06-30',
      expired: false,
      company_name: company,
      scheduled_lessons_limit: 2,
      invitation: { state: 'none' },
    })
    expect(item(expired.id)?.expired).toBe(true)
    expect(item(banned.id)?.banned_until).toBe(new Date(now + 86_400_000).toISOString())
    expect(item(invited.id)?.invitation).toMatchObject({ state: 'pending', expires_at: expect.any(String) })
    expect(item(invited.id)?.status).toBe('invited')

    const firstPage = (
      await get(`/admin/students/index?company=${encodeURIComponent(company)}&per_page=4`)
    ).json()
    expect(firstPage.data).toMatchObject({ page: 1, has_more: true })
    expect((await get('/admin/students/index?status=sleeping')).json().errors[0].field).toBe('status')
  })
})

describe('POST /admin/students/invite', () => {
  it('invites one student by e-mail in their locale, audited; again resends; a registered address is refused', async () => {
    const email = uniqueEmail('one')
    const body = {
      email,
      human_access: true,
      ai_access: true,
      only_group_lessons: false,
      active_until: '2026-12-31',
      company_name: 'Partner S.A.',
      locale: 'en',
    }
    const answer = await post('/admin/students/invite', body)
    expect(answer.statusCode).toBe(200)
    const { student, resent, mail_sent } = v.parse(inviteStudentResponse, answer.json()).data
    expect({ resent, mail_sent }).toEqual({ resent: false, mail_sent: true })
    expect(student).toMatchObject({ email, ai_access: true, active_until: '2026-12-31', locale: 'en' })
    const [mail] = await c.sink.waitFor(email)
    expect(mail?.subject).toBe('Your invitation to Lektorium')
    const [entry] = await auditOf('student.invite', student.id)
    expect(entry).toMatchObject({
      actorKind: 'operator',
      actorId: c.operatorId,
      after: { email, ai_access: true },
    })

    const again = await post('/admin/students/invite', body)
    expect(again.json().data).toMatchObject({ resent: true, mail_sent: true })
    await c.sink.waitFor(email, 2)

    const registered = await createUser(c.t.database.db)
    const taken = await post('/admin/students/invite', { ...body, email: registered.email })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().errors[0]).toMatchObject({ field: 'email' })
    const past = await post('/admin/students/invite', {
      ...body,
      email: uniqueEmail(),
      active_until: '2026-03-09',
    })
    expect(past.json().errors[0].field).toBe('active_until')
    const bad = await post('/admin/students/invite', { ...body, email: 'nope', active_until: '2026-02-30' })
    expect(fieldsOf(bad)).toEqual(['active_until', 'email'])
  })
})

describe('POST /admin/students/update, lift_ban, clear_warning', () => {
  it('extends or ends access and sets the lesson limit, each audited with before and after', async () => {
    const student = await createUser(c.t.database.db, {
      humanAccess: true,
      aiAccess: true,
      activeUntil: '2026-03-31',
    })
    const answer = await post('/admin/students/update', {
      student_id: student.id,
      active_until: '2026-12-31',
      ai_access: false,
      lesson_limit: 5,
    })
    expect(answer.statusCode).toBe(200)
    expect(v.parse(adminStudentResponse, answer.json()).data).toMatchObject({
      active_until: '2026-12-31',
      ai_access: false,
      human_access: true,
      scheduled_lessons_limit: 5,
    })
    const [entry] = await auditOf('student.update', student.id)
    expect(entry).toMatchObject({
      actorId: c.operatorId,
      before: { active_until: '2026-03-31', ai_access: true },
      after: { active_until: '2026-12-31', ai_access: false, human_access: true },
    })
    const [limits] = await auditOf('user.lesson_limits', student.id)
    expect(limits).toMatchObject({
      before: { scheduled_lessons_limit: 2 },
      after: { scheduled_lessons_limit: 5 },
    })
    const ended = await post('/admin/students/update', { student_id: student.id, active_until: '2026-03-10' })
    expect(ended.json().data).toMatchObject({ active_until: '2026-03-10', expired: false })
    const noEnd = await post('/admin/students/update', { student_id: student.id, active_until: null })
    expect(noEnd.json().data.active_until).toBeNull()

    const cases: [object, string][] = [
      [{ lesson_limit: 0 }, 'lesson_limit'],
      [{ lesson_limit: 51, ai_access: true }, 'lesson_limit'],
      [{ active_until: '31.12.2026' }, 'active_until'],
      [{ human_access: 'yes' }, 'human_access'],
    ]
    for (const [body, field] of cases) {
      const refused = await post('/admin/students/update', { student_id: student.id, ...body })
      expect(refused.statusCode, JSON.stringify(body)).toBe(400)
      expect(refused.json().errors[0].field).toBe(field)
    }
    expect(await auditOf('student.update', student.id)).toHaveLength(3)
    const teacher = await createUser(c.t.database.db, { role: 'teacher' })
    const notStudent = await post('/admin/students/update', { student_id: teacher.id, ai_access: true })
    expect(notStudent.json().errors[0].field).toBe('student_id')
  })

  it('lifts a ban so the student signs in again, and clears a warning', async () => {
    const now = c.t.clock.now().getTime()
    const student = await createUser(c.t.database.db, {
      warnedAt: new Date(now - 86_400_000),
      bannedUntil: new Date(now + 7 * 86_400_000),
    })
    expect(await signInCode(student.email)).toBe('account_banned')
    const lifted = await post('/admin/students/lift_ban', { student_id: student.id })
    expect(lifted.statusCode).toBe(200)
    expect(lifted.json().data).toMatchObject({ banned_until: null, warned_at: expect.any(String) })
    expect((await signIn(c.t.app, student.email)).role).toBe('student')
    const [ban] = await auditOf('student.lift_ban', student.id)
    expect(ban).toMatchObject({
      before: { banned_until: new Date(now + 7 * 86_400_000).toISOString() },
      after: { banned_until: null },
    })
    expect((await post('/admin/students/lift_ban', { student_id: student.id })).statusCode).toBe(400)

    const cleared = await post('/admin/students/clear_warning', { student_id: student.id })
    expect(cleared.json().data.warned_at).toBeNull()
    expect(await auditOf('student.clear_warning', student.id)).toHaveLength(1)
    const twice = await post('/admin/students/clear_warning', { student_id: student.id })
    expect(twice.json().errors[0]).toMatchObject({ field: 'student_id' })
    expect((await post('/admin/students/lift_ban', { student_id: 'x' })).json().errors[0].field).toBe(
      'student_id',
    )
  })
})

describe('who reaches the Students APIs', () => {
  it('401 signed out, 403 for students, teachers and an operator without the second factor', async () => {
    const id = crypto.randomUUID()
    const csv = `${HEADER}\nnot-an-email,true,false,false,,,pl`
    const breaches = await authorizationBreaches(c.t, [
      { method: 'GET', url: '/admin/students/index' },
      { method: 'POST', url: '/admin/students/invite', payload: { email: 'bad', human_access: true } },
      { method: 'POST', url: '/admin/students/invite_csv/preview', payload: { csv } },
      { method: 'POST', url: '/admin/students/invite_csv/send', payload: { csv } },
      { method: 'POST', url: '/admin/students/update', payload: { student_id: id, ai_access: true } },
      { method: 'POST', url: '/admin/students/lift_ban', payload: { student_id: id } },
      { method: 'POST', url: '/admin/students/clear_warning', payload: { student_id: id } },
    ])
    expect(breaches).toEqual([])
  })
})
