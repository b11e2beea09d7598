import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type SmsGatewayStandIn, startSmsGateway } from '../../../../tests/fakes/sms-gateway.ts'
import { users } from '../../db/schema.ts'
import { smsMessages, smsStops } from '../../db/schema-sms.ts'
import { type Jobs, type SmsJob, startJobs } from '../../platform/jobs.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { B1, ENGLISH } from '../../test-support/lessons.ts'
import { addLessonAt, lessonParties } from '../../test-support/my-lessons.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { CLI_ACTOR } from '../admin/public.ts'
import { cancelMeeting, createClass, enrolStudents, moveMeeting } from '../group-classes/service.ts'
import { planOwedMeetingNotices } from '../notifications/meeting-planner.ts'
import { planLessons } from '../notifications/planner.ts'
import { updateSettings } from '../settings/public.ts'
import { onSmsJob, type SmsWorkerContext, startSmsWorkers } from './worker.ts'

// SMS through SMSAPI's stand-in (tests/fakes/sms-gateway.ts): the reminder at its time, once
// across two processes, retried after a gateway error, the daily caps under a burst, and quiet
// hours across the Sunday summer time starts. pg-boss runs the jobs as in production.

const silent = { info: () => {}, error: () => {} }
/** A Tuesday, 10:20 Poland time: outside quiet hours. */
const TUESDAY = '2026-12-08T09:20:00Z'
const sms = { phoneNumber: '+48512345678', smsNotificationsEnabled: true }
let gateway: SmsGatewayStandIn
let t: TestApp
beforeAll(async () => {
  gateway = await startSmsGateway()
  t = await buildTestApp({
    config: {
      jobsWorker: true,
      sms: { provider: 'smsapi', token: gateway.smsapiToken, sender: 'Lektorium', apiUrl: gateway.url },
    },
  })
})
afterAll(async () => {
  await t.close()
  await gateway.close()
})
beforeEach(() => t.clock.set(TUESDAY))

const reminderOf = (
  lesson: { id: string; startsAt: Date },
  to: 'teacher' | 'student' = 'student',
): SmsJob => ({
  kind: 'lesson_reminder',
  lessonId: lesson.id,
  to,
  startsAt: lesson.startsAt.toISOString(),
})

/** The worker's context with the jobs it adds kept aside (deferrals), not run. */
function workerContext(added: { data: unknown; startAfter?: Date }[] = []): SmsWorkerContext {
  const jobs: Jobs = {
    ...t.app.deps.jobs,
    insert: async (_queue, batch) => {
      for (const job of batch) added.push({ data: job.data, startAfter: job.startAfter })
    },
  }
  return {
    db: t.database.db,
    clock: t.clock,
    log: silent,
    changes: t.app.deps.changes,
    gateway: t.app.deps.smsGateway,
    jobs,
  }
}

const rowsOf = (lessonId: string) =>
  t.database.db.select().from(smsMessages).where(eq(smsMessages.lessonId, lessonId))

describe('SMS reminders through SMSAPI', () => {
  it('sends one reminder at the second reminder’s time, in the recipient’s locale, with the report URL', async () => {
    const pair = await lessonParties(t, { student: { ...sms, locale: 'pl' } })
    const lesson = await addLessonAt(t, pair, 60 + 3 / 60)
    const before = gateway.received.length
    await planLessons(t.app.deps, [lesson.id], { booked: false })
    const received = (await gateway.waitFor(before + 1)).slice(before)
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({
      to: '+48512345678',
      text: 'Lektorium: lekcja angielskiego dzis o 11:20. Dolaczysz w aplikacji od 15 min przed poczatkiem.',
    })
    expect(received[0]?.reportUrl).toMatch(
      /^http:\/\/lektorium\.test\/api\/v1\/sms\/reports\/smsapi\?key=[0-9a-f]{32}$/,
    )
    // The teacher has no SMS: none planned for them.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect(gateway.received.length).toBe(before + 1)
    const [row] = await rowsOf(lesson.id)
    expect(row).toMatchObject({ state: 'sent', encoding: 'gsm7', segments: 1, kind: 'lesson_reminder' })
    expect(gateway.refused).toEqual([])

    // SMSAPI's report marks it delivered; a report without the URL's key is refused.
    const report = new URL(received[0]?.reportUrl ?? '')
    const query = `${report.search}&MsgId=${received[0]?.id}&status=404&idx=${received[0]?.ref}`
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sms/reports/smsapi?key=${'0'.repeat(32)}&MsgId=${received[0]?.id}&status=404`,
    })
    expect(forged.statusCode).toBe(403)
    const answered = await t.app.inject({ method: 'GET', url: `/api/v1/sms/reports/smsapi${query}` })
    expect(answered.body).toBe('OK')
    expect((await rowsOf(lesson.id))[0]?.state).toBe('delivered')
  })

  it('retries after the gateway fails and sends the SMS once', async () => {
    const pair = await lessonParties(t, { teacher: sms })
    const lesson = await addLessonAt(t, pair, 120)
    gateway.failNext(1)
    const before = gateway.received.length
    await expect(onSmsJob(workerContext(), reminderOf(lesson, 'teacher'))).rejects.toThrow(/retried/)
    expect((await rowsOf(lesson.id))[0]).toMatchObject({ state: 'retrying', reason: 'smsapi_201' })
    await onSmsJob(workerContext(), reminderOf(lesson, 'teacher'))
    await onSmsJob(workerContext(), reminderOf(lesson, 'teacher'))
    expect(gateway.received.length).toBe(before + 1)
    expect((await rowsOf(lesson.id))[0]).toMatchObject({ state: 'sent', attempts: 2 })
  })

  it('never sends once the lesson has started', async () => {
    const pair = await lessonParties(t, { student: sms })
    const lesson = await addLessonAt(t, pair, 30)
    t.clock.advance(30 * 60_000)
    const before = gateway.received.length
    await onSmsJob(workerContext(), reminderOf(lesson))
    expect(gateway.received.length).toBe(before)
    expect((await rowsOf(lesson.id))[0]).toMatchObject({ state: 'skipped', reason: 'too_late' })
  })

  it('sends each SMS once with two processes working the queue', async () => {
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 4 })
    let other: Jobs | undefined
    try {
      other = await startJobs(pool, silent, { maintenance: true, clock: t.clock })
      await startSmsWorkers({ ...workerContext(), jobs: other })
      const lessons: Awaited<ReturnType<typeof addLessonAt>>[] = []
      for (let i = 0; i < 4; i++) {
        const pair = await lessonParties(t, { student: sms, teacher: sms })
        lessons.push(await addLessonAt(t, pair, 60 + 3 / 60))
      }
      const before = gateway.received.length
      const ids = lessons.map((lesson) => lesson.id)
      // Planned from both processes at once, and each job doubled on the other's queue.
      await Promise.all([
        planLessons(t.app.deps, ids, { booked: false }),
        planLessons({ ...t.app.deps, jobs: other }, ids, { booked: false }),
      ])
      await other.insert(
        'sms',
        lessons
          .flatMap((lesson) => [reminderOf(lesson), reminderOf(lesson, 'teacher')])
          .map((data) => ({ id: randomUUID(), data })),
      )
      await gateway.waitFor(before + 8)
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      expect(gateway.received.length - before).toBe(8)
    } finally {
      await other?.stop()
      await pool.end()
    }
  })

  it('turns SMS off when SMSAPI says the number takes none (error 13)', async () => {
    const pair = await lessonParties(t, { student: { ...sms, phoneNumber: '+48519000111' } })
    const lesson = await addLessonAt(t, pair, 120)
    gateway.refuseNumber('+48519000111')
    await onSmsJob(workerContext(), reminderOf(lesson))
    expect((await rowsOf(lesson.id))[0]).toMatchObject({ state: 'failed', reason: 'smsapi_13' })
    const [user] = await t.database.db.select().from(users).where(eq(users.id, pair.student.user.id))
    expect(user?.smsNotificationsEnabled).toBe(false)
    const [stop] = await t.database.db
      .select()
      .from(smsStops)
      .where(eq(smsStops.userId, pair.student.user.id))
    expect(stop).toMatchObject({ number: '+48519000111', reason: 'smsapi_13' })
  })

  it('texts a group meeting’s move and its cancellation to its participants with SMS on, once each', async () => {
    const pair = await lessonParties(t, { student: { ...sms, phoneNumber: '+48519000222', locale: 'en' } })
    const silentStudent = await signedInUser(t, { role: 'student', humanAccess: true })
    const { group, meetings } = await createClass(t.ctx, {
      teacherId: pair.teacher.user.id,
      languageId: ENGLISH,
      levelId: B1,
      title: 'Business English',
      description: '',
      companyName: null,
      capacity: 4,
      provider: 'builtin',
      series: null,
      extra: [
        { date: '2026-12-09', time: '17:00', units: 1 },
        { date: '2026-12-10', time: '17:00', units: 1 },
      ],
    })
    await enrolStudents(t.ctx, group.id, [pair.student.user.id, silentStudent.user.id])
    const [first, second] = meetings
    if (!first || !second) throw new Error('no meetings')
    const before = gateway.received.length
    await moveMeeting(t.ctx, first.id, { date: '2026-12-11', time: '18:00' })
    await cancelMeeting(t.ctx, second.id)
    // The writes' own planning and a second planning racing it: each SMS is planned once.
    await Promise.all([planOwedMeetingNotices(t.app.deps), planOwedMeetingNotices(t.app.deps)])
    const received = (await gateway.waitFor(before + 2)).slice(before)
    expect(received.map((r) => [r.to, r.text]).sort()).toEqual([
      [
        '+48519000222',
        'Lektorium: the class "Business English" of 09.12 17:00 moved to 11.12 18:00 Poland time.',
      ],
      [
        '+48519000222',
        'Lektorium: the class "Business English" on 10.12 at 17:00 Poland time was cancelled.',
      ],
    ])
    const sent = await t.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.userId, pair.student.user.id))
    expect(sent).toHaveLength(2)
  })

  it('holds the daily caps per user and per school under 50 reminders due at once', async () => {
    // Another day, so that the other tests' SMS do not count.
    t.clock.set('2026-12-10T09:00:00Z')
    await updateSettings(t.ctx, { smsDailyUserMax: 10, smsDailySchoolMax: 15 }, CLI_ACTOR)
    try {
      const first = await lessonParties(t, { student: sms })
      const second = await lessonParties(t, { student: sms })
      const lessons: Awaited<ReturnType<typeof addLessonAt>>[] = []
      for (let i = 0; i < 25; i++) {
        lessons.push(await addLessonAt(t, first, 120 + i * 60))
        lessons.push(await addLessonAt(t, second, 120 + i * 60))
      }
      const before = gateway.received.length
      await Promise.all(lessons.map((lesson) => onSmsJob(workerContext(), reminderOf(lesson))))
      const sent = gateway.received.slice(before)
      expect(sent).toHaveLength(15)
      const rows = await t.database.db.select().from(smsMessages).where(eq(smsMessages.reason, 'daily_cap'))
      expect(rows).toHaveLength(35)
      const perStudent = [first, second].map((pair) =>
        lessons.filter((l) => l.studentId === pair.student.user.id),
      )
      for (const own of perStudent) {
        const ownRows = (await Promise.all(own.map((lesson) => rowsOf(lesson.id)))).flat()
        expect(ownRows.filter((row) => row.state === 'sent').length).toBeLessThanOrEqual(10)
      }
    } finally {
      await updateSettings(t.ctx, { smsDailyUserMax: 10, smsDailySchoolMax: 500 }, CLI_ACTOR)
    }
  })

  it('keeps quiet hours (21:00–08:00 Poland time) across the Sunday summer time starts, but not for a lesson before 09:00', async () => {
    // Saturday 27 March 2027, 21:30 CET; summer time starts on Sunday at 02:00.
    t.clock.set('2027-03-27T20:30:00Z')
    const pair = await lessonParties(t, { student: sms })
    // Sunday 10:00 CEST (08:00 UTC).
    const late = await addLessonAt(t, pair, 11 * 60 + 30)
    const added: { data: unknown; startAfter?: Date }[] = []
    const before = gateway.received.length
    await onSmsJob(workerContext(added), reminderOf(late))
    // Held until Sunday 08:00 summer time: 06:00 UTC, not 07:00.
    expect(added.map((job) => job.startAfter?.toISOString())).toEqual(['2027-03-28T06:00:00.000Z'])
    t.clock.set('2027-03-28T05:59:00Z')
    await onSmsJob(workerContext(added), reminderOf(late))
    expect(added[1]?.startAfter?.toISOString()).toBe('2027-03-28T06:00:00.000Z')
    expect(gateway.received.length).toBe(before)
    t.clock.set('2027-03-28T06:00:00Z')
    await onSmsJob(workerContext(added), reminderOf(late))
    expect(gateway.received.length).toBe(before + 1)

    // A lesson at 08:30 CEST is reminded at 07:30, inside quiet hours.
    t.clock.set('2027-03-28T05:30:00Z')
    const early = await addLessonAt(t, pair, 60)
    await onSmsJob(workerContext(added), reminderOf(early))
    expect(gateway.received.length).toBe(before + 2)

    // Saturday 22:30 CET: a reminder at 21:30 cannot wait until 08:00, so it is not sent.
    t.clock.set('2027-03-27T20:30:00Z')
    const evening = await addLessonAt(t, pair, 60)
    await onSmsJob(workerContext(added), reminderOf(evening))
    expect((await rowsOf(evening.id))[0]).toMatchObject({ state: 'skipped', reason: 'quiet_hours' })
    expect(gateway.received.length).toBe(before + 2)
  })
})
