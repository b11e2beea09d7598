import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { overviewResponse } from '../../../domain/api/admin-overview.ts'
import { timeSlots } from '../../db/schema.ts'
import { aiConversations, aiMessages } from '../../db/schema-ai-lesson.ts'
import { absenceReports } from '../../db/schema-lessons.ts'
import { startConsoleTest } from '../../test-support/console-test.ts'
import { ENGLISH } from '../../test-support/lessons.ts'
import { addLessonAt, lessonParties } from '../../test-support/my-lessons.ts'
import { isoWeekName } from './overview-service.ts'

// The console's overview — per ISO week (Poland) bookings, cancellations (late and the
// school's apart), accepted absences and AI use; each teacher's booked share of published slots.
// The test clock is Tuesday 10 March 2026, 10:00 in Poland (UTC+1): this week starts on 9 March.

const c = startConsoleTest()
const get = (query: Record<string, string> = {}) => c.get('/admin/overview', query)
const at = (iso: string) => new Date(iso)

describe('GET /admin/overview', () => {
  it('counts each ISO week of Poland, the boundary at Monday 00:00 Poland time', async () => {
    const pair = await lessonParties(c.t)
    const lesson = (createdAt: string, startsInMinutes: number, values: object = {}) =>
      addLessonAt(c.t, pair, startsInMinutes, { createdAt: at(createdAt), ...values })
    // Sunday 8 March 23:30 in Poland: last week; Monday 9 March 00:30: this week.
    await lesson('2026-03-08T22:30:00Z', 24 * 60)
    await lesson('2026-03-08T23:30:00Z', 25 * 60)
    await lesson('2026-03-03T10:00:00Z', 26 * 60)
    await lesson('2026-03-09T12:00:00Z', 27 * 60, { isGroup: true })
    // Cancelled by the student 2 hours before the start (late), by the teacher a week before (not),
    // and by the school (never late).
    await lesson('2026-03-02T10:00:00Z', 0, {
      startsAt: at('2026-03-10T10:00:00Z'),
      endsAt: at('2026-03-10T10:45:00Z'),
      cancelledAt: at('2026-03-10T08:00:00Z'),
      cancelledBy: pair.student.user.id,
    })
    await lesson('2026-03-02T10:00:00Z', 0, {
      startsAt: at('2026-03-11T10:00:00Z'),
      endsAt: at('2026-03-11T10:45:00Z'),
      cancelledAt: at('2026-03-04T08:00:00Z'),
      cancelledBy: pair.teacher.user.id,
    })
    await lesson('2026-03-02T10:00:00Z', 0, {
      startsAt: at('2026-03-10T11:00:00Z'),
      endsAt: at('2026-03-10T11:45:00Z'),
      cancelledAt: at('2026-03-10T09:00:00Z'),
      cancelledBy: c.operatorId,
    })
    // An accepted absence on a lesson of this week, and an open report made last week.
    const absent = await lesson('2026-01-01T10:00:00Z', -60)
    const earlier = await lesson('2026-01-01T10:00:00Z', -7 * 24 * 60)
    await c.t.database.db.insert(absenceReports).values([
      {
        lessonId: absent.id,
        reporterId: pair.student.user.id,
        absenteeId: pair.teacher.user.id,
        note: 'x',
        createdAt: at('2026-03-10T08:30:00Z'),
        status: 'accepted',
        resolvedAt: at('2026-03-10T08:40:00Z'),
      },
      {
        lessonId: earlier.id,
        reporterId: pair.teacher.user.id,
        absenteeId: pair.student.user.id,
        note: 'y',
        createdAt: at('2026-03-03T08:30:00Z'),
      },
    ])
    const [conversation] = await c.t.database.db
      .insert(aiConversations)
      .values({ studentId: pair.student.user.id, topic: 'Travel', languageId: ENGLISH, level: 'B1' })
      .returning()
    const message = (role: 'student' | 'tutor', createdAt: string) => ({
      conversationId: conversation?.id ?? '',
      studentId: pair.student.user.id,
      role,
      text: 'Hi',
      createdAt: at(createdAt),
    })
    await c.t.database.db
      .insert(aiMessages)
      .values([
        message('student', '2026-03-09T09:00:00Z'),
        message('tutor', '2026-03-09T09:00:01Z'),
        message('student', '2026-03-10T07:00:00Z'),
        message('student', '2026-03-05T07:00:00Z'),
      ])

    const answer = await get({ weeks: '2' })
    expect(answer.statusCode).toBe(200)
    const data = v.parse(overviewResponse, answer.json()).data
    expect(data.cancellation_earliness).toBe(24)
    expect(data.weeks).toEqual([
      {
        week_start: '2026-03-02',
        iso_week: '2026-W10',
        bookings: 5,
        cancellations: 1,
        late_cancellations: 0,
        school_cancellations: 0,
        absences: 0,
        absence_reports: 1,
        ai_messages: 1,
        ai_students: 1,
      },
      {
        week_start: '2026-03-09',
        iso_week: '2026-W11',
        bookings: 1,
        cancellations: 2,
        late_cancellations: 1,
        school_cancellations: 1,
        absences: 1,
        absence_reports: 1,
        ai_messages: 2,
        ai_students: 1,
      },
    ])
    expect(data.period).toEqual({ date_from: '2026-03-02', date_to: '2026-03-15' })
    expect((await get()).json().data.weeks).toHaveLength(12)
  })

  it("gives each teacher's booked share of the slots published in the period", async () => {
    const busy = await lessonParties(c.t, { teacher: { firstName: 'Ewa', lastName: 'Busy' } })
    const idle = await lessonParties(c.t, { teacher: { firstName: 'Jan', lastName: 'Idle' } })
    const slot = async (teacherId: string, startsAt: string) => {
      const [row] = await c.t.database.db
        .insert(timeSlots)
        .values({ teacherId, startsAt: at(startsAt), endsAt: new Date(at(startsAt).getTime() + 45 * 60_000) })
        .returning()
      return row?.id ?? ''
    }
    const booked = await slot(busy.teacher.user.id, '2026-03-16T08:00:00Z')
    const freed = await slot(busy.teacher.user.id, '2026-03-16T09:00:00Z')
    await slot(busy.teacher.user.id, '2026-03-17T08:00:00Z')
    await slot(busy.teacher.user.id, '2026-03-17T09:00:00Z')
    await slot(busy.teacher.user.id, '2026-03-30T09:00:00Z') // outside the period
    await slot(idle.teacher.user.id, '2026-03-18T08:00:00Z')
    await addLessonAt(c.t, busy, 0, {
      timeSlotId: booked,
      startsAt: at('2026-03-16T08:00:00Z'),
      endsAt: at('2026-03-16T08:45:00Z'),
    })
    await addLessonAt(c.t, busy, 0, {
      timeSlotId: freed,
      startsAt: at('2026-03-16T09:00:00Z'),
      endsAt: at('2026-03-16T09:45:00Z'),
      cancelledAt: c.t.clock.now(),
    })
    const data = v.parse(
      overviewResponse,
      (await get({ date_from: '2026-03-16', date_to: '2026-03-22' })).json(),
    ).data
    expect(data.period).toEqual({ date_from: '2026-03-16', date_to: '2026-03-22' })
    expect(data.teachers).toEqual([
      {
        teacher: { id: busy.teacher.user.id, name: 'Ewa Busy', email: busy.teacher.user.email },
        published_slots: 4,
        booked_slots: 1,
        published_hours: 3,
        booked_hours: 0.75,
        share: 0.25,
      },
      {
        teacher: { id: idle.teacher.user.id, name: 'Jan Idle', email: idle.teacher.user.email },
        published_slots: 1,
        booked_slots: 0,
        published_hours: 0.75,
        booked_hours: 0,
        share: 0,
      },
    ])
  })

  it('answers bad input with field errors', async () => {
    const fields = async (query: Record<string, string>) => {
      const answer = await get(query)
      expect(answer.statusCode).toBe(400)
      return answer.json().errors.map((e: { field: string }) => e.field)
    }
    expect(await fields({ weeks: '53' })).toEqual(['weeks'])
    expect(await fields({ weeks: '0' })).toEqual(['weeks'])
    expect(await fields({ date_from: '2026-03-16' })).toEqual(['date_to'])
    expect(await fields({ date_from: '2026-03-16', date_to: '2026-03-15' })).toEqual(['date_to'])
    expect(await fields({ date_from: '2025-03-16', date_to: '2026-03-17' })).toEqual(['date_to'])
    expect(await fields({ date_from: '16.03.2026', date_to: '2026-03-17' })).toEqual(['date_from'])
  })

  it('names ISO weeks across a year boundary', () => {
    expect(isoWeekName('2026-12-28')).toBe('2026-W53')
    expect(isoWeekName('2027-01-04')).toBe('2027-W01')
    expect(isoWeekName('2024-12-30')).toBe('2025-W01')
  })
})
