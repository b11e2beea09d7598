import { tmpdir } from 'node:os'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type PushService, startPushService } from '../../../../tests/fakes/push-service.ts'
import { pushKeyResponse } from '../../../domain/api/push.ts'
import { waitlistAnswerSchema, waitlistIndexSchema } from '../../../domain/api/waitlist.ts'
import { toPolandParts } from '../../../domain/poland-time.ts'
import { timeSlots } from '../../db/schema.ts'
import { waitlistEntries, waitlistNotices } from '../../db/schema-notifications.ts'
import { createMailer } from '../../platform/mail.ts'
import {
  buildTestApp,
  STAND_IN_PUSH,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../test-support/build-test-app.ts'
import {
  bookableTeacher,
  bookingBody,
  bookingStudent,
  createLessons,
  everyDay,
  parseBooking,
  slotIds,
} from '../../test-support/lessons.ts'
import { getWith, postJson } from '../../test-support/my-lessons.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { type SmtpSink, startSmtpSink } from '../../test-support/smtp-sink.ts'
import { storyNow } from '../../test-support/story-clock.ts'
import { updateTimetable } from '../../test-support/timetables.ts'
import { onNotice } from './notices.ts'

// The waitlist through the job queue (pg-boss on the test's PostgreSQL) and a
// real SMTP server. pg-boss decides what is due by the database's clock, so the app's clock runs
// at the real time.

const silent = { info: () => {}, error: () => {} }
let sink: SmtpSink
let push: PushService
let t: TestApp
beforeAll(async () => {
  sink = await startSmtpSink()
  push = await startPushService()
  t = await buildTestApp({
    mailer: createMailer(
      { smtpUrl: sink.url, mailFrom: 'no-reply@lektorium.test', dataDir: tmpdir() },
      silent,
    ),
    config: {
      jobsWorker: true,
      mailFrom: 'no-reply@lektorium.test',
      push: STAND_IN_PUSH,
    },
  })
})
afterAll(async () => {
  await t.close()
  await sink.close()
  await push.close()
})
beforeEach(() => t.clock.set(storyNow()))

const DAY_MS = 86_400_000
/** A Poland date `days` from now (beyond the 12-hour grace period, within the next week). */
function dateIn(days: number): { date: string; weekday: number } {
  const p = toPolandParts(t.clock.now().getTime() + days * DAY_MS)
  return {
    date: `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`,
    weekday: p.weekday,
  }
}

const wait = (t: TestApp, token: string, body: unknown) => postJson(t, token, '/waitlist/create', body)
const entryOf = (body: unknown) => v.parse(waitlistAnswerSchema, body).data

describe('waiting for a teacher', () => {
  it('is listed, changed in place (keeping its turn) and left', async () => {
    const { teacher } = await bookableTeacher(t, { values: { firstName: 'Anna', lastName: 'Nowak' } })
    const student = await bookingStudent(t)
    const made = await wait(t, student.token, {
      teacher_id: teacher.id,
      weekdays: [2, 4],
      from: '16:00',
      to: '20:00',
    })
    expect(made.statusCode).toBe(201)
    const entry = entryOf(made.json())
    expect(entry).toMatchObject({
      weekdays: [2, 4],
      from: '16:00',
      to: '20:00',
      teacher: { first_name: 'Anna' },
    })

    const changed = await wait(t, student.token, { teacher_id: teacher.id })
    expect(changed.statusCode).toBe(200)
    expect(entryOf(changed.json())).toMatchObject({
      id: entry.id,
      weekdays: [],
      from: null,
      created_at: entry.created_at,
    })

    const listed = v.parse(
      waitlistIndexSchema,
      (await getWith(t, student.token, '/waitlist/index')).json(),
    ).data
    expect(listed.map((e) => e.id)).toEqual([entry.id])

    const other = await bookingStudent(t)
    expect((await postJson(t, other.token, '/waitlist/delete', { id: entry.id })).statusCode).toBe(404)
    expect((await postJson(t, student.token, '/waitlist/delete', { id: entry.id })).statusCode).toBe(200)
    const after = v.parse(
      waitlistIndexSchema,
      (await getWith(t, student.token, '/waitlist/index')).json(),
    ).data
    expect(after).toEqual([])
  })

  it('refuses bad hours, unknown teachers, teachers asking, and a 21st teacher', async () => {
    const { teacher, teacherToken } = await bookableTeacher(t)
    const student = await bookingStudent(t)
    const refused = async (body: unknown, status: number, code: string) => {
      const answer = await wait(t, student.token, body)
      expect(answer.statusCode).toBe(status)
      expect(answer.json().code).toBe(code)
      return answer.json()
    }
    const onlyFrom = await refused({ teacher_id: teacher.id, from: '16:00' }, 400, 'validation_failed')
    expect(onlyFrom.errors).toEqual([expect.objectContaining({ field: 'to', code: 'required' })])
    const backwards = await refused(
      { teacher_id: teacher.id, from: '18:00', to: '16:00' },
      400,
      'validation_failed',
    )
    expect(backwards.errors).toEqual([expect.objectContaining({ field: 'to', code: 'time_window' })])
    await refused({ teacher_id: teacher.id, from: '16:10', to: '18:00' }, 400, 'validation_failed')
    await refused({ teacher_id: teacher.id, weekdays: [1, 1] }, 400, 'validation_failed')
    await refused({ teacher_id: teacher.id, weekdays: [8] }, 400, 'validation_failed')
    await refused({ teacher_id: student.user.id }, 404, 'not_found')
    expect((await wait(t, teacherToken, { teacher_id: teacher.id })).statusCode).toBe(403)

    for (let i = 0; i < 20; i += 1) {
      const { user } = await signedInUser(t, { role: 'teacher' })
      expect((await wait(t, student.token, { teacher_id: user.id })).statusCode).toBe(201)
    }
    const full = await refused({ teacher_id: teacher.id }, 422, 'waitlist_full')
    expect(full.error).toBe('You can wait for at most 20 teachers at once')
  })
})

describe('a freed slot', () => {
  it('is offered to the waiting students whose days suit it, and not to the one who freed it', async () => {
    const { teacher } = await bookableTeacher(t, { values: { firstName: 'Anna', lastName: 'Nowak' } })
    const booker = await bookingStudent(t)
    const waiting = await bookingStudent(t, { locale: 'en' })
    const otherDay = await bookingStudent(t)
    const { date, weekday } = dateIn(2)
    const [slot = ''] = await slotIds(t, booker.token, teacher.id, [[date, '08:45']])
    const booked = await createLessons(t, booker.token, bookingBody(teacher.id, [slot]))
    expect(booked.statusCode).toBe(201)
    const [lesson] = parseBooking(booked.json()).lessons
    expect(
      (await wait(t, waiting.token, { teacher_id: teacher.id, from: '08:00', to: '10:00' })).statusCode,
    ).toBe(201)
    // The waiting student's phone (a push service's stand-in, tests/fakes/push-service.ts).
    const key = v.parse(pushKeyResponse, (await getWith(t, waiting.token, '/push/key')).json()).data
      .public_key
    const phone = await push.subscribe(key)
    const subscribed = await postJson(t, waiting.token, '/push/subscriptions/create', {
      endpoint: phone.endpoint,
      keys: phone.keys,
    })
    expect(subscribed.statusCode).toBe(200)
    const elsewhere = (weekday % 7) + 1
    expect(
      (await wait(t, otherDay.token, { teacher_id: teacher.id, weekdays: [elsewhere] })).statusCode,
    ).toBe(201)
    expect((await wait(t, booker.token, { teacher_id: teacher.id })).statusCode).toBe(201)

    const cancelled = await postJson(t, booker.token, '/lessons/cancel', {
      lesson_id: lesson?.id,
      cancellation_reason: 'Choroba',
    })
    expect(cancelled.statusCode).toBe(200)
    const [told] = await sink.waitFor(waiting.user.email)
    expect(told?.subject).toBe('Lektorium: a slot with Anna Nowak is free')
    const day = date.split('-').reverse().join('.')
    expect(told?.text).toContain(`${day}, 08:45 (Poland time)`)
    expect(told?.text).toContain(`${TEST_PUBLIC_URL}/dashboard/set-lessons?teacher=${teacher.id}&week=`)
    // Only the suiting entry was told: nobody else has a notice of it.
    const notices = await t.database.db.select().from(waitlistNotices)
    const entries = await t.database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.teacherId, teacher.id))
    const toldIds = new Set(notices.map((n) => n.entryId))
    const toldStudents = entries.filter((e) => toldIds.has(e.id)).map((e) => e.studentId)
    expect(toldStudents).toEqual([waiting.user.id])
    expect(sink.to(otherDay.user.email)).toEqual([])
    // …and pushed to their phone, with the week to book from.
    await expect.poll(() => push.messages(phone).length, { timeout: 10_000 }).toBe(1)
    expect(push.messages(phone)[0]).toMatchObject({
      title: 'Free slot: Anna Nowak',
      url: expect.stringMatching(new RegExp(`^/dashboard/set-lessons\\?teacher=${teacher.id}&week=`)),
    })
  })

  it('tells of new availability once per slot, the first in line first, and not of a slot booked meanwhile', async () => {
    const { teacher, teacherToken } = await bookableTeacher(t, {
      weekdays: everyDay([{ start: '08:00', end: '09:00' }]),
    })
    const first = await bookingStudent(t)
    const second = await bookingStudent(t)
    expect(
      (await wait(t, first.token, { teacher_id: teacher.id, from: '18:00', to: '20:00' })).statusCode,
    ).toBe(201)
    // The test's clock stands still: the second asks a second later, as people do.
    t.clock.advance(1000)
    expect(
      (await wait(t, second.token, { teacher_id: teacher.id, from: '18:00', to: '20:00' })).statusCode,
    ).toBe(201)

    const evening = everyDay([
      { start: '08:00', end: '09:00' },
      { start: '18:00', end: '18:45' },
    ])
    expect((await updateTimetable(t, teacherToken, { cyclical: true, weekdays: evening })).statusCode).toBe(
      200,
    )
    const [told] = await sink.waitFor(first.user.email)
    expect(told?.subject).toMatch(/^Lektorium: zwolnił się termin u /)
    expect(told?.text).toMatch(/18:00 \(i \d+ więcej\) \(czas polski\)/)

    // The second in line hears a minute later: their notice waits behind the first's.
    const lineup = await t.database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.teacherId, teacher.id))
    const entryOfStudent = (id: string) => lineup.find((e) => e.studentId === id)?.id ?? ''
    const jobs = await t.database.pool.query<{ entry: string; start_after: Date }>(
      `select data->>'entryId' as entry, start_after from pgboss.job where name = 'waitlist-notice' and data->>'entryId' = any($1)`,
      [[entryOfStudent(first.user.id), entryOfStudent(second.user.id)]],
    )
    const startOf = (id: string) =>
      jobs.rows.find((row) => row.entry === entryOfStudent(id))?.start_after.getTime() ?? 0
    expect(startOf(second.user.id) - startOf(first.user.id)).toBe(60_000)

    // Saving the same schedule again frees nothing new: no second notice is planned.
    const before = (await t.database.db.select().from(waitlistNotices)).length
    expect((await updateTimetable(t, teacherToken, { cyclical: true, weekdays: evening })).statusCode).toBe(
      200,
    )
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect((await t.database.db.select().from(waitlistNotices)).length).toBe(before)

    // A notice that runs after the slot it names was booked sends nothing (the first to book gets it).
    const { date } = dateIn(2)
    const [eveningSlot = ''] = await slotIds(t, first.token, teacher.id, [[date, '18:00']])
    expect((await createLessons(t, first.token, bookingBody(teacher.id, [eveningSlot]))).statusCode).toBe(201)
    const [slotRow] = await t.database.db.select().from(timeSlots).where(eq(timeSlots.id, eveningSlot))
    await onNotice(t.app.deps, {
      entryId: entryOfStudent(second.user.id),
      startsAt: [slotRow?.startsAt.toISOString() ?? ''],
    })
    expect(sink.to(second.user.email)).toEqual([])
  })
})
