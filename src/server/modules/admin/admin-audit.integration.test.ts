import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runOpsCommand } from '../../cli/commands.ts'
import { auditLog } from '../../db/schema-admin.ts'
import { operatorSignedIn } from '../../test-support/admin-operator.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer, createUser, signIn, TEST_PASSWORD, uniqueEmail } from '../../test-support/fixtures.ts'

// What operators do, from the console and the CLI, and the audit log that records it.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const api = (path: string) => `/api/v1${path}`
const post = (path: string, token: string | null, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: api(path),
    payload: payload as object,
    headers: token ? bearer(token) : {},
  })
const get = (path: string, token: string | null) =>
  t.app.inject({ method: 'GET', url: api(path), headers: token ? bearer(token) : {} })

const auditOf = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id)

describe('operator actions and the audit log', () => {
  it('verifies a pending teacher, who can then sign in; the entry holds before and after', async () => {
    const { user: operator, token } = await operatorSignedIn(t)
    const teacher = await createUser(t.database.db, { role: 'teacher', status: 'pending_verification' })
    const refused = await t.app.inject({
      method: 'POST',
      url: api('/users/sign_in'),
      payload: { email: teacher.email, password: TEST_PASSWORD },
    })
    expect(refused.json().code).toBe('awaiting_verification')

    const verified = await post('/admin/teachers/verify', token, { email: teacher.email })
    expect(verified.statusCode).toBe(200)
    expect(verified.json().data).toEqual({ email: teacher.email, already_verified: false, mail_sent: true })
    expect((await signIn(t.app, teacher.email)).role).toBe('teacher')

    const entries = (await auditOf('teacher.verify')).filter((e) => e.targetId === teacher.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actorKind: 'operator',
      actorId: operator.id,
      actorEmail: operator.email,
      targetType: 'user',
      before: { status: 'pending_verification', verified_at: null },
      after: { status: 'active' },
    })
    const student = await createUser(t.database.db)
    const notTeacher = await post('/admin/teachers/verify', token, { email: student.email })
    expect(notTeacher.statusCode).toBe(400)
    expect(notTeacher.json().errors[0].field).toBe('email')
  })

  it('changes the settings through the same service as the CLI, both audited, and lists them filtered', async () => {
    const { user: operator, token } = await operatorSignedIn(t)
    const before = (await get('/admin/settings/show', token)).json().data
    const updated = await post('/admin/settings/update', token, { ban_duration: before.ban_duration + 1 })
    expect(updated.statusCode).toBe(200)
    expect(updated.json().data.ban_duration).toBe(before.ban_duration + 1)
    const outOfRange = await post('/admin/settings/update', token, { cancellation_earliness: 10_000 })
    expect(outOfRange.statusCode).toBe(400)
    expect(outOfRange.json().errors[0].field).toBe('cancellation_earliness')

    await runOpsCommand(t.ctx, {
      command: 'settings',
      banDuration: before.ban_duration + 2,
      cancellationEarliness: undefined,
      lessonEarlinessCondition: undefined,
      firstReminderMinutes: undefined,
      secondReminderMinutes: undefined,
    })

    const list = await get('/admin/audit/index?action=settings.update&per_page=1', token)
    expect(list.statusCode).toBe(200)
    const page = list.json().data
    expect(page.has_more).toBe(true)
    expect(page.entries).toHaveLength(1)
    // Newest first: the CLI's change.
    expect(page.entries[0]).toMatchObject({
      actor: { kind: 'cli', id: null, email: null },
      target_type: 'settings',
      before: { ban_duration: before.ban_duration + 1 },
      after: { ban_duration: before.ban_duration + 2 },
    })
    const second = (await get('/admin/audit/index?action=settings.update&per_page=1&page=2', token)).json()
      .data
    expect(second.entries[0]).toMatchObject({
      actor: { kind: 'operator', id: operator.id },
      before: { ban_duration: before.ban_duration },
      after: { ban_duration: before.ban_duration + 1 },
    })
    const byActor = (await get(`/admin/audit/index?actor_id=${operator.id}`, token)).json().data
    expect(byActor.entries.map((e: { action: string }) => e.action)).toEqual([
      'settings.update',
      'second_factor.enrol',
    ])
    expect((await get('/admin/audit/index?from=not-a-date', token)).statusCode).toBe(400)
  })

  it('audits the CLI lesson limits with before and after', async () => {
    const student = await createUser(t.database.db)
    await runOpsCommand(t.ctx, { command: 'lesson-limits', email: student.email, scheduled: 5 })
    const [entry] = (await auditOf('user.lesson_limits')).filter((e) => e.targetId === student.id)
    expect(entry).toMatchObject({
      actorKind: 'cli',
      before: { scheduled_lessons_limit: 2 },
      after: { scheduled_lessons_limit: 5 },
    })
  })

  it('audits the CLI invitation and video provider, and writes nothing when the command fails', async () => {
    const email = uniqueEmail('invited')
    await runOpsCommand(t.ctx, {
      command: 'invite-student',
      email,
      humanAccess: true,
      aiAccess: false,
      onlyGroupLessons: false,
      companyName: 'Partner S.A.',
      activeUntil: null,
      locale: 'pl',
    })
    const [invited] = (await auditOf('student.invite')).filter(
      (e) => (e.after as { email?: string }).email === email,
    )
    expect(invited).toMatchObject({
      actorKind: 'cli',
      before: null,
      after: { human_access: true, company_name: 'Partner S.A.' },
    })

    const teacher = await createUser(t.database.db, { role: 'teacher' })
    await runOpsCommand(t.ctx, { command: 'video-provider', email: teacher.email, provider: 'builtin' })
    const [provider] = (await auditOf('teacher.video_provider')).filter((e) => e.targetId === teacher.id)
    expect(provider).toMatchObject({ before: { video_provider: null }, after: { video_provider: 'builtin' } })

    const count = async () => (await t.database.db.select().from(auditLog)).length
    const before = await count()
    await expect(
      runOpsCommand(t.ctx, { command: 'video-provider', email: uniqueEmail('nobody'), provider: null }),
    ).rejects.toThrow('No teacher')
    expect(await count()).toBe(before)
  })

  it('cannot be changed or deleted, not even straight in the database', async () => {
    const [any] = await t.database.db.select().from(auditLog).limit(1)
    expect(any).toBeDefined()
    await expect(
      t.database.db
        .update(auditLog)
        .set({ action: 'forged' })
        .where(eq(auditLog.id, any?.id ?? 0)),
    ).rejects.toThrow()
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, any?.id ?? 0))).rejects.toThrow()
    await expect(t.database.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow()
    const [still] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, any?.id ?? 0))
    expect(still).toEqual(any)
  })
})
