import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '../../db/schema.ts'
import { teacherPenalties } from '../../db/schema-lessons.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { TEST_PASSWORD } from '../../test-support/fixtures.ts'
import {
  bookableTeacher,
  bookingBody,
  bookingStudent,
  createLessons,
  parseBooking,
  slotIds,
  timetableOf,
} from '../../test-support/lessons.ts'
import {
  addLessonAt,
  getWith,
  lessonParties,
  lessonRow,
  parseCancel,
  postJson,
  refusal,
} from '../../test-support/my-lessons.ts'
import { saveSettings } from '../settings/repository.ts'
import { DEFAULT_SETTINGS } from '../settings/service.ts'

// POST /lessons/cancel — blocked when cancelled, finished or started (product-rules.md
// "Cancellation"), the late-cancellation policy (warning, then ban and sign-out; a teacher's
// penalty) and the slot bookable again.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
// Tuesday 10 March 2026, 10:00 Poland time; cancellation_earliness 24 h, ban_duration 14 days.
beforeEach(async () => {
  t.clock.set('2026-03-10T09:00:00Z')
  await saveSettings(t.database.db, DEFAULT_SETTINGS, t.clock.now())
})

const HOUR = 60
const cancel = (token: string, lessonId: string, key?: string, reason = 'I am ill') =>
  postJson(t, token, '/lessons/cancel', { lesson_id: lessonId, cancellation_reason: reason }, key)
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]
const penaltiesOf = (teacherId: string) =>
  t.database.db.select().from(teacherPenalties).where(eq(teacherPenalties.teacherId, teacherId))

describe('POST /lessons/cancel', () => {
  it('cancels a lesson more than cancellation_earliness ahead with no consequence', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 30 * HOUR)
    const response = await cancel(pair.student.token, lesson.id, undefined, '  Business trip  ')
    expect(response.statusCode).toBe(200)
    const answer = parseCancel(response.json())
    expect(answer).toMatchObject({ outcome: 'cancelled', banned_until: null })
    expect(answer.lesson).toMatchObject({
      id: lesson.id,
      status: 'cancelled',
      canceled: true,
      cancelled_at: '2026-03-10T09:00:00.000Z',
      cancelled_by_role: 'student',
      cancellation_reason: 'Business trip',
    })
    const row = await lessonRow(t, lesson.id)
    expect(row).toMatchObject({ cancelledBy: pair.student.user.id, cancellationReason: 'Business trip' })
    expect((await userRow(pair.student.user.id))?.warnedAt).toBeNull()
  })

  it('lets the teacher cancel too; the student sees who did', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 30 * HOUR)
    expect(parseCancel((await cancel(pair.teacher.token, lesson.id)).json()).outcome).toBe('cancelled')
    const shown = await getWith(t, pair.student.token, '/lessons/show', { lesson_id: lesson.id })
    expect(shown.json()).toMatchObject({ data: { status: 'cancelled', cancelled_by_role: 'teacher' } })
    expect(await penaltiesOf(pair.teacher.user.id)).toEqual([])
  })

  it("refuses a started, a finished and a cancelled lesson in the spec's words (409)", async () => {
    const pair = await lessonParties(t)
    const startsNow = await addLessonAt(t, pair, 0)
    const running = await addLessonAt(t, pair, -30)
    const ended = await addLessonAt(t, pair, -2 * HOUR)
    const cancelled = await addLessonAt(t, pair, 30 * HOUR, { cancelledAt: new Date('2026-03-09T10:00:00Z') })
    const cases: [string, string, string][] = [
      [startsNow.id, 'lesson_started', 'You cannot cancel a lesson that has already started'],
      [running.id, 'lesson_started', 'You cannot cancel a lesson that has already started'],
      [ended.id, 'lesson_finished', 'This lesson has already finished'],
      [cancelled.id, 'lesson_cancelled', 'This lesson has been cancelled'],
    ]
    for (const [id, code, error] of cases) {
      expect(refusal(await cancel(pair.student.token, id)), code).toEqual({ status: 409, code, error })
      expect(refusal(await cancel(pair.teacher.token, id)), code).toMatchObject({ status: 409, code })
    }
    expect((await lessonRow(t, startsNow.id)).cancelledAt).toBeNull()
    expect((await lessonRow(t, cancelled.id)).cancelledAt?.toISOString()).toBe('2026-03-09T10:00:00.000Z')
    expect((await userRow(pair.student.user.id))?.warnedAt).toBeNull()
  })

  it('requires a reason of at most 255 characters', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 30 * HOUR)
    const empty = refusal(await cancel(pair.student.token, lesson.id, undefined, '   '))
    expect(empty).toMatchObject({ status: 400, code: 'validation_failed' })
    const long = await cancel(pair.student.token, lesson.id, undefined, 'x'.repeat(256))
    expect(long.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'cancellation_reason', code: 'too_long', param: '255' }],
    })
    expect((await cancel(pair.student.token, lesson.id, undefined, 'x'.repeat(255))).statusCode).toBe(200)
  })
})

describe('late cancellation', () => {
  it('warns a student the first time and bans the next time, signing them out; warned_at stays', async () => {
    const pair = await lessonParties(t)
    const first = await addLessonAt(t, pair, 23 * HOUR)
    const second = await addLessonAt(t, pair, 47 * HOUR)
    const warned = parseCancel((await cancel(pair.student.token, first.id)).json())
    expect(warned).toMatchObject({ outcome: 'warned', banned_until: null, lesson: { status: 'cancelled' } })
    expect((await userRow(pair.student.user.id))?.warnedAt?.toISOString()).toBe('2026-03-10T09:00:00.000Z')

    t.clock.set('2026-03-11T09:00:00Z') // the second lesson is 23 hours away now
    const banned = parseCancel((await cancel(pair.student.token, second.id)).json())
    expect(banned).toMatchObject({ outcome: 'banned', banned_until: '2026-03-25T09:00:00.000Z' })
    expect((await lessonRow(t, second.id)).cancelledAt?.toISOString()).toBe('2026-03-11T09:00:00.000Z')
    const row = await userRow(pair.student.user.id)
    expect(row?.bannedUntil?.toISOString()).toBe('2026-03-25T09:00:00.000Z')
    expect(row?.warnedAt?.toISOString()).toBe('2026-03-10T09:00:00.000Z')

    const after = await getWith(t, pair.student.token, '/lessons/list_scheduled')
    expect(refusal(after)).toMatchObject({ status: 401, code: 'unauthenticated' })
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/sign_in',
      payload: { email: pair.student.user.email, password: TEST_PASSWORD },
    })
    expect(refusal(signIn)).toMatchObject({
      status: 403,
      code: 'account_banned',
      error: 'Your account is banned until 25.03.2026 due to cancellation of lessons',
    })
  })

  it('follows the settings: no consequence outside cancellation_earliness, a ban of ban_duration days', async () => {
    await saveSettings(
      t.database.db,
      { ...DEFAULT_SETTINGS, cancellationEarliness: 2, banDuration: 3 },
      t.clock.now(),
    )
    const pair = await lessonParties(t, { student: { warnedAt: new Date('2026-03-01T10:00:00Z') } })
    const outside = await addLessonAt(t, pair, 2 * HOUR)
    const inside = await addLessonAt(t, pair, 2 * HOUR - 1 + 24 * HOUR)
    expect(parseCancel((await cancel(pair.student.token, outside.id)).json()).outcome).toBe('cancelled')
    t.clock.advance(24 * 60 * 60_000)
    const banned = parseCancel((await cancel(pair.student.token, inside.id)).json())
    expect(banned).toMatchObject({ outcome: 'banned', banned_until: '2026-03-14T09:00:00.000Z' })
  })

  it("records a teacher's late cancellation as a penalty, never a warning or ban", async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 3 * HOUR)
    const answer = parseCancel((await cancel(pair.teacher.token, lesson.id)).json())
    expect(answer).toMatchObject({
      outcome: 'penalty',
      banned_until: null,
      lesson: { cancelled_by_role: 'teacher' },
    })
    const penalties = await penaltiesOf(pair.teacher.user.id)
    expect(penalties.map((p) => [p.lessonId, p.reason, p.createdAt.toISOString()])).toEqual([
      [lesson.id, 'late_cancellation', '2026-03-10T09:00:00.000Z'],
    ])
    const teacher = await userRow(pair.teacher.user.id)
    expect([teacher?.warnedAt, teacher?.bannedUntil]).toEqual([null, null])
    const student = await userRow(pair.student.user.id)
    expect([student?.warnedAt, student?.bannedUntil]).toEqual([null, null])
  })
})

describe('the slot after a cancel', () => {
  it('is bookable again, by the same student or another', async () => {
    const { teacher } = await bookableTeacher(t)
    const first = await bookingStudent(t)
    const [slot = ''] = await slotIds(t, first.token, teacher.id, [['2026-03-12', '08:00']])
    const booked = parseBooking((await createLessons(t, first.token, bookingBody(teacher.id, [slot]))).json())
    const lessonId = booked.lessons[0]?.id ?? ''
    const other = await bookingStudent(t)
    const refused = await createLessons(t, other.token, bookingBody(teacher.id, [slot]))
    expect(refused.statusCode).toBe(409)

    expect((await cancel(first.token, lessonId)).statusCode).toBe(200)
    const timetable = await timetableOf(t, other.token, teacher.id, '2026-03-12', '2026-03-12')
    const shown = timetable.timetable[0]?.slots.find((s) => s.id === slot)
    expect(shown).toMatchObject({ time: '08:00', available: true, scheduled: false })
    expect((await createLessons(t, other.token, bookingBody(teacher.id, [slot]))).statusCode).toBe(201)
  })
})

describe('POST /lessons/cancel with an Idempotency-Key', () => {
  it('answers a replay with the first answer and changes nothing again (no ban for a warned student)', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 5 * HOUR)
    const first = await cancel(pair.student.token, lesson.id, 'cancel-key-1')
    expect(parseCancel(first.json()).outcome).toBe('warned')
    t.clock.advance(60_000)
    const again = await cancel(pair.student.token, lesson.id, 'cancel-key-1')
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    const row = await userRow(pair.student.user.id)
    expect([row?.warnedAt?.toISOString(), row?.bannedUntil]).toEqual(['2026-03-10T09:00:00.000Z', null])
    expect((await lessonRow(t, lesson.id)).cancelledAt?.toISOString()).toBe('2026-03-10T09:00:00.000Z')
    // Without the key the same request is a new one, refused because the lesson is cancelled.
    expect(refusal(await cancel(pair.student.token, lesson.id))).toMatchObject({ status: 409 })
  })

  it('refuses the same key with another body (422 idempotency_key_reused)', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 30 * HOUR)
    expect((await cancel(pair.teacher.token, lesson.id, 'cancel-key-2')).statusCode).toBe(200)
    const reused = await cancel(pair.teacher.token, lesson.id, 'cancel-key-2', 'Another reason')
    expect(refusal(reused)).toMatchObject({ status: 422, code: 'idempotency_key_reused' })
  })
})

describe('a ban with the session cache on', () => {
  it('stops the banned token at once', async () => {
    const cached = await buildTestApp({ config: { sessionCacheMs: 60_000 } })
    try {
      cached.clock.set('2026-03-10T09:00:00Z')
      const pair = await lessonParties(cached, { student: { warnedAt: new Date('2026-03-01T10:00:00Z') } })
      const lesson = await addLessonAt(cached, pair, 3 * HOUR)
      // A request first, so the session is in the cache.
      expect((await getWith(cached, pair.student.token, '/lessons/list_scheduled')).statusCode).toBe(200)
      const answer = await postJson(cached, pair.student.token, '/lessons/cancel', {
        lesson_id: lesson.id,
        cancellation_reason: 'Late',
      })
      expect(parseCancel(answer.json()).outcome).toBe('banned')
      const after = await getWith(cached, pair.student.token, '/lessons/list_scheduled')
      expect(after.statusCode).toBe(401)
    } finally {
      await cached.close()
    }
  })
})
