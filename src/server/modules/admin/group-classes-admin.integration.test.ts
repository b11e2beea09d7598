import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  adminGroupClassesResponse,
  enrolCsvResponse,
  enrolResponse,
  groupClassDetailResponse,
} from '../../../domain/api/admin-group-classes.ts'
import { addDays, polandDateKey } from '../../../domain/poland-time.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { roomConnections } from '../../db/schema-room.ts'
import { authorizationBreaches } from '../../test-support/admin-operator.ts'
import { startConsoleTest } from '../../test-support/console-test.ts'
import { createUser, uniqueEmail } from '../../test-support/fixtures.ts'
import { B1, ENGLISH } from '../../test-support/lessons.ts'
import { groupClassDetail } from './group-classes-service.ts'

// The console's group classes on a real database: each write answers the class as it is now and
// leaves an audit entry with its before and after; a CSV with an unknown address enrols nobody; a
// raised capacity lets the waiting list in; cancelling the rest closes the class.

const c = startConsoleTest()
const { get, post, auditOf, fieldsOf } = c

const inDays = (days: number) => addDays(polandDateKey(c.t.clock.now()), days)
const detailOf = (answer: { json(): unknown }) => v.parse(groupClassDetailResponse, answer.json()).data

async function newClass(overrides: Record<string, unknown> = {}) {
  const teacher = await createUser(c.t.database.db, { role: 'teacher' })
  const answer = await post('/admin/group_classes/create', {
    teacher_id: teacher.id,
    language_id: ENGLISH,
    level_id: B1,
    title: 'Angielski w firmie',
    company_name: 'Acme Sp. z o.o.',
    capacity: 2,
    series: { weekdays: [1, 3], start_time: '17:00', units: 2, first_date: inDays(1), meetings: 4 },
    extra: [{ date: inDays(20), time: '09:00', units: 1 }],
    ...overrides,
  })
  expect(answer.statusCode, answer.body).toBe(200)
  return { teacher, group: detailOf(answer) }
}

async function students(n: number, company: string | null = null) {
  const made = []
  for (let i = 0; i < n; i++)
    made.push(
      await createUser(c.t.database.db, {
        humanAccess: true,
        email: uniqueEmail('group'),
        companyName: company,
      }),
    )
  return made
}

describe('POST /admin/group_classes/create', () => {
  it("makes the class with its series' and extra meetings, audited, and refuses bad fields on their names", async () => {
    const { teacher, group } = await newClass()
    expect(group).toMatchObject({
      state: 'active',
      meetings: 5,
      capacity: 2,
      company_name: 'Acme Sp. z o.o.',
    })
    expect(group.meetings_list.map((m) => m.state)).toEqual(Array(5).fill('upcoming'))
    const [entry] = await auditOf('group_class.create', group.id)
    expect(entry?.before).toBeNull()
    expect(entry?.after).toMatchObject({ title: 'Angielski w firmie', teacher_id: teacher.id, meetings: 5 })

    const refused = await post('/admin/group_classes/create', {
      teacher_id: teacher.id,
      language_id: ENGLISH,
      level_id: 999_999,
      title: 'X',
      capacity: 13,
      series: { weekdays: [1], start_time: '25:00', units: 5, first_date: inDays(1) },
    })
    expect(refused.statusCode).toBe(400)
    expect(fieldsOf(refused)).toEqual(['capacity', 'series.start_time', 'series.units'])
    const busy = await post('/admin/group_classes/create', {
      teacher_id: teacher.id,
      language_id: ENGLISH,
      level_id: B1,
      title: 'Druga grupa',
      capacity: 4,
      extra: [{ date: inDays(20), time: '09:30', units: 1 }],
    })
    expect(busy.statusCode).toBe(409)
    expect(busy.json()).toMatchObject({ code: 'teacher_busy_meeting' })
    const list = await get('/admin/group_classes/index', { teacher_id: teacher.id, state: 'active' })
    expect(v.parse(adminGroupClassesResponse, list.json()).data.classes.map((g) => g.id)).toEqual([group.id])
  })
})

describe('enrolment', () => {
  it('enrols nobody from a CSV with an unknown address, then all of a good one in order', async () => {
    const { group } = await newClass()
    const [a, b, d] = await students(3)
    const unknown = uniqueEmail('nobody')
    const bad = await post('/admin/group_classes/enrol_csv', {
      class_id: group.id,
      csv: ['email', a?.email, unknown, 'not-an-address', a?.email].join('\n'),
    })
    expect(bad.statusCode).toBe(200)
    const refused = v.parse(enrolCsvResponse, bad.json()).data
    expect(refused.added).toBe(false)
    expect(refused.rows.map((row) => [row.line, row.problem])).toEqual([
      [2, null],
      [3, 'unknown_email'],
      [4, 'email_invalid'],
      [5, 'email_duplicate'],
    ])
    expect(detailOf(await get('/admin/group_classes/show', { class_id: group.id })).roster).toEqual([])
    expect(await auditOf('group_class.enrol', group.id)).toEqual([])

    const good = await post('/admin/group_classes/enrol_csv', {
      class_id: group.id,
      csv: [a?.email, b?.email?.toUpperCase(), d?.email].join('\r\n'),
    })
    expect(v.parse(enrolCsvResponse, good.json()).data).toMatchObject({
      added: true,
      enrolled: 2,
      waiting: 1,
    })
    const shown = detailOf(await get('/admin/group_classes/show', { class_id: group.id }))
    expect(shown.roster.map((m) => m.student.id)).toEqual([a?.id, b?.id])
    expect(shown.waiting_list.map((m) => m.student.id)).toEqual([d?.id])
    const [entry] = await auditOf('group_class.enrol', group.id)
    expect(entry?.before).toEqual({ enrolled: [], waiting: [] })
    expect(entry?.after).toEqual({ enrolled: [a?.id, b?.id], waiting: [d?.id], via: 'csv' })
  })

  it('enrols everyone of a company, and a raised capacity lets the waiting list in; a lower one than the enrolled is refused', async () => {
    const { group } = await newClass()
    const company = `Firma ${uniqueEmail('co')}`
    const [first, second, third] = await students(3, company)
    await students(1, 'Inna firma')
    const answer = await post('/admin/group_classes/enrol_company', {
      class_id: group.id,
      company_name: ` ${company.toUpperCase()} `,
    })
    expect(v.parse(enrolResponse, answer.json()).data).toEqual({ enrolled: 2, waiting: 1, already: 0 })
    const none = await post('/admin/group_classes/enrol_company', {
      class_id: group.id,
      company_name: 'Nikt',
    })
    expect(fieldsOf(none)).toEqual(['company_name'])

    const tooSmall = await post('/admin/group_classes/update', { class_id: group.id, capacity: 1 })
    expect(fieldsOf(tooSmall)).toEqual(['capacity'])
    const raised = await post('/admin/group_classes/update', {
      class_id: group.id,
      capacity: 3,
      title: 'Angielski B1',
    })
    const after = detailOf(raised)
    expect(after.roster.map((m) => m.student.id)).toEqual([first?.id, second?.id, third?.id])
    expect(after.waiting_list).toEqual([])
    const places = await c.t.database.db
      .select()
      .from(lessons)
      .where(eq(lessons.studentId, third?.id ?? ''))
    expect(places).toHaveLength(5)
    const [entry] = await auditOf('group_class.update', group.id)
    expect(entry?.before).toMatchObject({ capacity: 2, title: 'Angielski w firmie' })
    expect(entry?.after).toMatchObject({ capacity: 3, title: 'Angielski B1', promoted: [third?.id] })
  })

  it('takes a student out, moving the first waiting one in, and counts attendance from the room', async () => {
    const { group } = await newClass({ capacity: 2 })
    const [a, b, d] = await students(3)
    await post('/admin/group_classes/enrol', { class_id: group.id, student_ids: [a?.id, b?.id, d?.id] })
    const [place] = await c.t.database.db
      .select()
      .from(lessons)
      .where(eq(lessons.studentId, a?.id ?? ''))
    const firstEnd = new Date(group.meetings_list[0]?.ends_at ?? '')
    await c.t.database.db.insert(roomConnections).values({
      lessonId: place?.id ?? '',
      userId: a?.id ?? '',
      role: 'student',
      origin: 'test',
      joinedAt: new Date(firstEnd.getTime() - 60 * 60_000),
      lastSeenAt: firstEnd,
    })
    const removed = detailOf(
      await post('/admin/group_classes/remove_student', { class_id: group.id, student_id: b?.id }),
    )
    expect(removed.roster.map((m) => m.student.id)).toEqual([a?.id, d?.id])
    const [entry] = await auditOf('group_class.remove_student', group.id)
    expect(entry?.after).toEqual({ student_id: b?.id, status: null, promoted: d?.id })
    const gone = await post('/admin/group_classes/remove_student', { class_id: group.id, student_id: b?.id })
    expect(gone.statusCode).toBe(404)
    // a said they will not come to the second meeting: the school sees it on that meeting only.
    await c.t.database.db
      .update(lessons)
      .set({ groupAbsentAt: c.t.clock.now() })
      .where(
        and(eq(lessons.studentId, a?.id ?? ''), eq(lessons.groupMeetingId, group.meetings_list[1]?.id ?? '')),
      )
    const told = detailOf(await get('/admin/group_classes/show', { class_id: group.id }))
    expect(told.meetings_list.map((m) => m.not_coming)).toEqual(
      told.meetings_list.map((_, i) =>
        i === 1 ? [told.roster[0]?.student.name ?? told.roster[0]?.student.email] : [],
      ),
    )
    // After the first meeting: both had a place in it (d moved in before it); only a was in the room.
    const later = await groupClassDetail(c.t.database.db, group.id, new Date(firstEnd.getTime() + 60_000))
    expect(later.roster.map((m) => [m.student.id, m.attended, m.past])).toEqual([
      [a?.id, 1, 1],
      [d?.id, 0, 1],
    ])
  })
})

describe('meetings', () => {
  it('moves one, cancels one, then cancels the rest and closes the class, each audited', async () => {
    const { group } = await newClass()
    const [first, second] = group.meetings_list
    const moved = await post('/admin/group_classes/move_meeting', {
      meeting_id: first?.id,
      date: inDays(2),
      time: '08:00',
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const [move] = await auditOf('group_meeting.move', first?.id ?? '')
    expect(move?.before).toMatchObject({ starts_at: first?.starts_at })
    expect(move?.after).not.toMatchObject({ starts_at: first?.starts_at })
    const past = await post('/admin/group_classes/move_meeting', {
      meeting_id: first?.id,
      date: inDays(-1),
      time: '08:00',
    })
    expect(fieldsOf(past)).toEqual(['date'])

    const cancelled = detailOf(await post('/admin/group_classes/cancel_meeting', { meeting_id: second?.id }))
    expect(cancelled.meetings_list.find((m) => m.id === second?.id)?.state).toBe('cancelled')
    expect((await auditOf('group_meeting.cancel', second?.id ?? ''))[0]?.after).toMatchObject({
      cancelled_at: expect.any(String),
    })
    const again = await post('/admin/group_classes/cancel_meeting', { meeting_id: second?.id })
    expect(again.statusCode).toBe(404)

    const [member] = await students(1)
    await post('/admin/group_classes/enrol', { class_id: group.id, student_ids: [member?.id] })
    const rest = detailOf(await post('/admin/group_classes/cancel_remaining', { class_id: group.id }))
    // Each place is cancelled with its meeting, at the meeting's moment (what its notices key on).
    const places = await c.t.database.db
      .select()
      .from(lessons)
      .where(eq(lessons.studentId, member?.id ?? ''))
    const meetingCancelled = new Map(rest.meetings_list.map((m) => [m.id, m.cancelled_at]))
    expect(places).toHaveLength(4)
    for (const place of places)
      expect(place.cancelledAt?.toISOString()).toBe(meetingCancelled.get(place.groupMeetingId ?? ''))
    expect(rest.state).toBe('cancelled')
    expect(rest.meetings_list.every((m) => m.state === 'cancelled')).toBe(true)
    const [entry] = await auditOf('group_class.cancel_remaining', group.id)
    expect(entry?.after).toMatchObject({
      cancelled_meetings: [expect.any(String), expect.any(String), expect.any(String), expect.any(String)],
    })
    const [late] = await students(1)
    const enrolLate = await post('/admin/group_classes/enrol', {
      class_id: group.id,
      student_ids: [late?.id],
    })
    expect(enrolLate.statusCode).toBe(404)
    const list = await get('/admin/group_classes/index', { state: 'cancelled', company: 'acme' })
    expect(v.parse(adminGroupClassesResponse, list.json()).data.classes.map((g) => g.id)).toContain(group.id)
  })
})

describe('who reaches the group classes', () => {
  it('401 signed out, 403 for students, teachers and an operator without the second factor', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    const breaches = await authorizationBreaches(c.t, [
      { method: 'GET', url: '/admin/group_classes/index' },
      { method: 'GET', url: `/admin/group_classes/show?class_id=${id}` },
      { method: 'POST', url: '/admin/group_classes/create', payload: {} },
      { method: 'POST', url: '/admin/group_classes/update', payload: { class_id: id } },
      { method: 'POST', url: '/admin/group_classes/enrol', payload: { class_id: id, student_ids: [id] } },
      { method: 'POST', url: '/admin/group_classes/enrol_csv', payload: { class_id: id, csv: 'a@b.pl' } },
      {
        method: 'POST',
        url: '/admin/group_classes/enrol_company',
        payload: { class_id: id, company_name: 'X' },
      },
      {
        method: 'POST',
        url: '/admin/group_classes/remove_student',
        payload: { class_id: id, student_id: id },
      },
      { method: 'POST', url: '/admin/group_classes/move_meeting', payload: { meeting_id: id } },
      { method: 'POST', url: '/admin/group_classes/cancel_meeting', payload: { meeting_id: id } },
      { method: 'POST', url: '/admin/group_classes/cancel_remaining', payload: { class_id: id } },
    ])
    expect(breaches).toEqual([])
  })
})
