import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  adminTeacherResponse,
  adminTeachersResponse,
  rejectTeacherResponse,
} from '../../../domain/api/admin-teachers.ts'
import { lessons, teacherPenalties } from '../../db/schema-lessons.ts'
import { authorizationBreaches } from '../../test-support/admin-operator.ts'
import { startConsoleTest } from '../../test-support/console-test.ts'
import { bearer, createUser, signIn } from '../../test-support/fixtures.ts'
import { B1, ENGLISH } from '../../test-support/lessons.ts'
import { addLesson, addSlot, createTeacher } from '../../test-support/teacher-fixtures.ts'

// The console's Teachers: the list an operator reviews, reject with a reason (e-mailed
// in the teacher's locale through a real SMTP server), deactivate and reactivate, cap and video.

const c = startConsoleTest({ mail: true })
const { get, post, auditOf, fieldsOf, signInCode } = c

describe('GET /admin/teachers/index', () => {
  it('lists pending teachers with their files, languages, description and billing completeness', async () => {
    const marker = `zz${randomUUID().slice(0, 8)}`
    const pending = await createTeacher(
      c.t.database.db,
      { taught: [[ENGLISH, B1]], teaching: [2] },
      {
        status: 'pending_verification',
        lastName: `Kowalska${marker}`,
        imageKey: 'picture/abc',
        videoKey: 'video/def',
        description: 'Uczę angielskiego od dziesięciu lat.',
        iban: 'DE89370400440532013000',
        address: { street: 'Długa', buildingNumber: '1', zip: '00-001', city: 'Warszawa', country: '' },
      },
    )
    const complete = await createTeacher(
      c.t.database.db,
      {},
      {
        lastName: `Zielinska${marker}`,
        iban: 'PL61109010140000071219812874',
        address: { street: 'Krótka', buildingNumber: '2', zip: '00-002', city: 'Kraków', country: 'Polska' },
      },
    )
    const answer = await get(`/admin/teachers/index?status=pending_verification&q=${marker}`)
    expect(answer.statusCode).toBe(200)
    const page = v.parse(adminTeachersResponse, answer.json()).data
    expect(page.items.map((i) => i.id)).toEqual([pending.id])
    const [item] = page.items
    expect(item).toMatchObject({
      email: pending.email,
      status: 'pending_verification',
      description: 'Uczę angielskiego od dziesięciu lat.',
      taught_languages: [{ language_id: ENGLISH, language: 'English', level_id: B1, level: 'B1' }],
      teaching_language_ids: [2],
      billing: { complete: false, missing: ['swift', 'country'] },
      deactivation: null,
      future_lessons: 0,
    })
    expect(item?.image_url).toMatch(/^\/api\/v1\/files\/picture%2Fabc\?expires=\d+&sig=/)
    expect(item?.video_url).toMatch(/^\/api\/v1\/files\/video%2Fdef\?/)
    expect(page.video).toEqual({ default_provider: 'builtin', vonage: false, learncube: false })

    const all = v.parse(adminTeachersResponse, (await get(`/admin/teachers/index?q=${marker}`)).json()).data
    expect(all.items.map((i) => i.id)).toEqual([complete.id, pending.id])
    expect(all.items[0]?.billing).toEqual({ complete: true, missing: [] })
    const firstPage = (await get(`/admin/teachers/index?q=${marker}&per_page=1`)).json().data
    expect(firstPage).toMatchObject({ page: 1, has_more: true })
    const second = (await get(`/admin/teachers/index?q=${marker}&per_page=1&page=2`)).json().data
    expect(second.items.map((i: { id: string }) => i.id)).toEqual([pending.id])
    expect(second.has_more).toBe(false)
    // The full name matches too, in either order.
    const byName = (
      await get(`/admin/teachers/index?q=${encodeURIComponent(`Anna Kowalska${marker}`)}`)
    ).json()
    expect(byName.data.items).toHaveLength(1)
  })

  it('counts each teacher’s penalties by reason, zero for a teacher without any', async () => {
    const marker = `pen${randomUUID().slice(0, 8)}`
    const db = c.t.database.db
    const penalised = await createTeacher(db, {}, { lastName: `Kara${marker}` })
    const clean = await createTeacher(db, {}, { lastName: `Czysty${marker}` })
    const student = await createUser(db)
    const lessonIds: string[] = []
    for (const at of ['2026-03-10T10:00:00Z', '2026-03-11T10:00:00Z', '2026-03-12T10:00:00Z']) {
      const slot = await addSlot(db, penalised.id, at)
      await addLesson(db, { student, slot, languageId: ENGLISH, levelId: B1 })
      const [row] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.timeSlotId, slot.id))
      if (row) lessonIds.push(row.id)
    }
    const [a = '', b = '', d = ''] = lessonIds
    await db.insert(teacherPenalties).values([
      { teacherId: penalised.id, lessonId: a, reason: 'absence' },
      { teacherId: penalised.id, lessonId: b, reason: 'absence' },
      { teacherId: penalised.id, lessonId: d, reason: 'late_cancellation' },
    ])
    const page = v.parse(adminTeachersResponse, (await get(`/admin/teachers/index?q=${marker}`)).json()).data
    expect(page.items.map((i) => [i.id, i.penalties])).toEqual([
      [clean.id, { late_cancellation: 0, absence: 0 }],
      [penalised.id, { late_cancellation: 1, absence: 2 }],
    ])
  })

  it('refuses a bad filter with a field error', async () => {
    const answer = await get('/admin/teachers/index?status=sleeping&per_page=1000')
    expect(answer.statusCode).toBe(400)
    expect(fieldsOf(answer)).toEqual(['per_page', 'status'])
  })
})

describe('POST /admin/teachers/reject', () => {
  it('rejects a pending teacher, e-mails the reason in their locale and audits it', async () => {
    const teacher = await createUser(c.t.database.db, {
      role: 'teacher',
      status: 'pending_verification',
      locale: 'en',
    })
    const answer = await post('/admin/teachers/reject', {
      teacher_id: teacher.id,
      reason: 'The video does not show you teaching.',
    })
    expect(answer.statusCode).toBe(200)
    const { teacher: item, mail_sent } = v.parse(rejectTeacherResponse, answer.json()).data
    expect(mail_sent).toBe(true)
    expect(item).toMatchObject({
      status: 'deactivated',
      deactivation: { kind: 'rejected', reason: 'The video does not show you teaching.' },
    })
    const [mail] = await c.sink.waitFor(teacher.email)
    expect(mail?.subject).toBe('Lektorium: your teacher registration was not accepted')
    expect(mail?.text).toContain('Reason: The video does not show you teaching.')
    expect(await signInCode(teacher.email)).toBe('account_inactive')
    const [entry] = await auditOf('teacher.reject', teacher.id)
    expect(entry).toMatchObject({
      actorKind: 'operator',
      actorId: c.operatorId,
      before: { status: 'pending_verification' },
      after: { status: 'inactive', reason: 'The video does not show you teaching.' },
    })

    // Once more: not awaiting verification any more; and the rejection e-mail in Polish.
    const again = await post('/admin/teachers/reject', { teacher_id: teacher.id, reason: 'x' })
    expect(again.statusCode).toBe(400)
    expect(again.json().errors[0]).toMatchObject({ field: 'teacher_id' })
    const polish = await createUser(c.t.database.db, { role: 'teacher', status: 'pending_verification' })
    expect(
      (await post('/admin/teachers/reject', { teacher_id: polish.id, reason: 'Brak filmu.' })).statusCode,
    ).toBe(200)
    const [polishMail] = await c.sink.waitFor(polish.email)
    expect(polishMail?.subject).toBe('Lektorium: Twoje zgłoszenie lektora nie zostało przyjęte')
    expect(polishMail?.text).toContain('Powód: Brak filmu.')
  })

  it('answers bad input with field errors and writes nothing', async () => {
    const teacher = await createUser(c.t.database.db, { role: 'teacher', status: 'pending_verification' })
    const noReason = await post('/admin/teachers/reject', { teacher_id: teacher.id, reason: '   ' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().errors).toEqual([
      { field: 'reason', message: 'This field is required', code: 'required' },
    ])
    const tooLong = await post('/admin/teachers/reject', { teacher_id: teacher.id, reason: 'a'.repeat(256) })
    expect(tooLong.json().errors[0]).toMatchObject({ field: 'reason', code: 'too_long' })
    const student = await createUser(c.t.database.db)
    const notTeacher = await post('/admin/teachers/reject', { teacher_id: student.id, reason: 'No.' })
    expect(notTeacher.statusCode).toBe(400)
    expect(notTeacher.json().errors[0].field).toBe('teacher_id')
    expect(await auditOf('teacher.reject', teacher.id)).toEqual([])
    expect(c.sink.to(teacher.email)).toEqual([])
  })
})

describe('POST /admin/teachers/deactivate and reactivate', () => {
  it('refuses while lessons lie ahead, then signs the teacher out; reactivation lets them back', async () => {
    const teacher = await createTeacher(c.t.database.db)
    const teacherToken = (await signIn(c.t.app, teacher.email)).token
    const student = await createUser(c.t.database.db)
    const slot = await addSlot(c.t.database.db, teacher.id, '2026-03-12T10:00:00Z')
    await addLesson(c.t.database.db, { student, slot, languageId: ENGLISH, levelId: B1 })

    const refused = await post('/admin/teachers/deactivate', { teacher_id: teacher.id })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors[0]).toMatchObject({ field: 'teacher_id' })
    expect(refused.json().errors[0].message).toContain('1 lesson(s) ahead (the first on 12.03.2026)')
    const listed = (await get(`/admin/teachers/index?q=${teacher.email}`)).json().data.items[0]
    expect(listed.future_lessons).toBe(1)

    await c.t.database.db
      .update(lessons)
      .set({ cancelledAt: c.t.clock.now() })
      .where(eq(lessons.teacherId, teacher.id))
    const done = await post('/admin/teachers/deactivate', { teacher_id: teacher.id })
    expect(done.statusCode).toBe(200)
    expect(v.parse(adminTeacherResponse, done.json()).data).toMatchObject({
      status: 'deactivated',
      deactivation: { kind: 'deactivated', reason: null },
    })
    const me = await c.t.app.inject({
      method: 'GET',
      url: '/api/v1/teachers/me',
      headers: bearer(teacherToken),
    })
    expect(me.statusCode).toBe(401)
    expect(await signInCode(teacher.email)).toBe('account_inactive')
    const [entry] = await auditOf('teacher.deactivate', teacher.id)
    expect(entry).toMatchObject({ before: { status: 'active' }, after: { status: 'inactive' } })
    const deactivated = (await get(`/admin/teachers/index?status=deactivated&q=${teacher.email}`)).json()
    expect(deactivated.data.items).toHaveLength(1)

    const twice = await post('/admin/teachers/deactivate', { teacher_id: teacher.id })
    expect(twice.statusCode).toBe(400)
    const back = await post('/admin/teachers/reactivate', { teacher_id: teacher.id })
    expect(back.statusCode).toBe(200)
    expect(back.json().data).toMatchObject({ status: 'active', deactivation: null })
    expect((await signIn(c.t.app, teacher.email)).role).toBe('teacher')
    expect(await auditOf('teacher.reactivate', teacher.id)).toHaveLength(1)
    expect((await post('/admin/teachers/reactivate', { teacher_id: teacher.id })).statusCode).toBe(400)
  })

  it('sends a rejected teacher back to awaiting verification, and a pending one to reject instead', async () => {
    const teacher = await createUser(c.t.database.db, { role: 'teacher', status: 'pending_verification' })
    const deactivate = await post('/admin/teachers/deactivate', { teacher_id: teacher.id })
    expect(deactivate.json().errors[0].message).toContain('reject them instead')
    await post('/admin/teachers/reject', { teacher_id: teacher.id, reason: 'Brak zdjęcia.' })
    const back = await post('/admin/teachers/reactivate', { teacher_id: teacher.id })
    expect(back.json().data.status).toBe('pending_verification')
    expect(await signInCode(teacher.email)).toBe('awaiting_verification')
  })
})

describe('POST /admin/teachers/update', () => {
  it('sets the monthly cap and video provider through the ops services, each audited', async () => {
    const teacher = await createTeacher(c.t.database.db)
    const capped = await post('/admin/teachers/update', { teacher_id: teacher.id, monthly_cap: 40 })
    expect(capped.statusCode).toBe(200)
    expect(capped.json().data.monthly_lesson_cap).toBe(40)
    const [limits] = await auditOf('user.lesson_limits', teacher.id)
    expect(limits).toMatchObject({
      actorKind: 'operator',
      before: { monthly_lesson_cap: null },
      after: { monthly_lesson_cap: 40 },
    })
    const both = await post('/admin/teachers/update', {
      teacher_id: teacher.id,
      monthly_cap: null,
      video_provider: 'builtin',
      learncube: false,
    })
    expect(both.json().data).toMatchObject({ monthly_lesson_cap: null, video_provider: 'builtin' })
    const [provider] = await auditOf('teacher.video_provider', teacher.id)
    expect(provider).toMatchObject({ before: { video_provider: null }, after: { video_provider: 'builtin' } })
    expect(await auditOf('lesson.learncube', teacher.email)).toHaveLength(1)
  })

  it('refuses values out of range or not configured, on their fields, changing nothing', async () => {
    const teacher = await createTeacher(c.t.database.db)
    const cases: [object, string][] = [
      [{ monthly_cap: 0 }, 'monthly_cap'],
      [{ monthly_cap: 1.5 }, 'monthly_cap'],
      [{ video_provider: 'vonage', monthly_cap: 10 }, 'video_provider'],
      [{ learncube: true }, 'learncube'],
      [{ video_provider: 'zoom' }, 'video_provider'],
    ]
    for (const [body, field] of cases) {
      const answer = await post('/admin/teachers/update', { teacher_id: teacher.id, ...body })
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      expect(answer.json().errors[0].field).toBe(field)
    }
    expect(await auditOf('user.lesson_limits', teacher.id)).toEqual([])
    const nobody = await post('/admin/teachers/update', { teacher_id: crypto.randomUUID(), monthly_cap: 3 })
    expect(nobody.json().errors[0].field).toBe('teacher_id')
  })
})

describe('who reaches the Teachers APIs', () => {
  it('401 signed out, 403 for students, teachers and an operator without the second factor', async () => {
    const id = crypto.randomUUID()
    const breaches = await authorizationBreaches(c.t, [
      { method: 'GET', url: '/admin/teachers/index' },
      { method: 'POST', url: '/admin/teachers/reject', payload: { teacher_id: id, reason: 'No.' } },
      { method: 'POST', url: '/admin/teachers/deactivate', payload: { teacher_id: id } },
      { method: 'POST', url: '/admin/teachers/reactivate', payload: { teacher_id: id } },
      { method: 'POST', url: '/admin/teachers/update', payload: { teacher_id: id, monthly_cap: 3 } },
    ])
    expect(breaches).toEqual([])
  })
})
