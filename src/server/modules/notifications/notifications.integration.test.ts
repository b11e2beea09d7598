import { tmpdir } from 'node:os'
import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { lastSundayOfMonth, toPolandParts } from '../../../domain/poland-time.ts'
import { users } from '../../db/schema.ts'
import { lessonNotifications } from '../../db/schema-notifications.ts'
import { type Jobs, startJobs } from '../../platform/jobs.ts'
import { createMailer } from '../../platform/mail.ts'
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/build-test-app.ts'
import { createCapturingMailer } from '../../test-support/capturing-mailer.ts'
import {
  bookableTeacher,
  bookingBody,
  bookingStudent,
  createLessons,
  parseBooking,
  slotIds,
} from '../../test-support/lessons.ts'
import { addLessonAt, lessonParties, postJson } from '../../test-support/my-lessons.ts'
import { type SinkMail, type SmtpSink, startSmtpSink } from '../../test-support/smtp-sink.ts'
import { storyNow } from '../../test-support/story-clock.ts'
import { lessonUid } from './ics.ts'
import { planLessons, sweep } from './planner.ts'
import { startNotificationWorkers } from './worker.ts'

// A lesson's e-mails through the job queue (pg-boss on the test's PostgreSQL)
// and a real SMTP server (test-support/smtp-sink.ts). pg-boss decides what is due by the
// database's clock, so these tests run the app's clock at the real time.

const silent = { info: () => {}, error: () => {} }
let sink: SmtpSink
let t: TestApp
beforeAll(async () => {
  sink = await startSmtpSink()
  const mailConfig = { smtpUrl: sink.url, mailFrom: 'no-reply@lektorium.test', dataDir: tmpdir() }
  t = await buildTestApp({
    mailer: createMailer(mailConfig, silent),
    config: { jobsWorker: true, mailFrom: 'no-reply@lektorium.test' },
  })
})
afterAll(async () => {
  await t.close()
  await sink.close()
})
beforeEach(() => t.clock.set(storyNow()))

/** The invitation of a mail, parsed back by a calendar parser (ical.js). */
function calendarOf(mail: SinkMail) {
  const part = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))
  if (!part) throw new Error(`no calendar in "${mail.subject}"`)
  const calendar = new ICAL.Component(ICAL.parse(part.content.toString('utf8')))
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined)
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  return { calendar, event, method: calendar.getFirstPropertyValue('method') }
}

/** What is planned for a lesson, as `kind/recipient`, sorted. */
async function plannedOf(lessonId: string): Promise<string[]> {
  const rows = await t.database.db
    .select()
    .from(lessonNotifications)
    .where(eq(lessonNotifications.lessonId, lessonId))
  return rows.map((row) => `${row.kind}/${row.recipient}`).sort()
}

/** Poland's wall-clock time of an instant, as calendars show it (product-rules.md "Time zone"). */
const wallClock = (instant: Date) => {
  const p = toPolandParts(instant)
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}T${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}:00`
}

describe('a booking', () => {
  it('e-mails the student a confirmation and the teacher a notice, each with the lesson as an invitation', async () => {
    const { teacher } = await bookableTeacher(t, {
      values: { locale: 'en', firstName: 'Anna', lastName: 'Nowak' },
    })
    const student = await bookingStudent(t, { firstName: 'Marta', lastName: 'Dąbrowska' })
    // The day after tomorrow at 08:00, Poland time: always beyond the 12-hour grace period
    // (product-rules.md "Grace period"), and within the next week.
    const day = toPolandParts(t.clock.now().getTime() + 2 * 86_400_000)
    const date = `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`
    const [slot = ''] = await slotIds(t, student.token, teacher.id, [[date, '08:00']])
    const booked = await createLessons(t, student.token, bookingBody(teacher.id, [slot]))
    expect(booked.statusCode).toBe(201)
    const [lesson] = parseBooking(booked.json()).lessons
    if (!lesson) throw new Error('nothing booked')

    const [toStudent] = await sink.waitFor(student.user.email)
    const [toTeacher] = await sink.waitFor(teacher.email)
    if (!toStudent || !toTeacher) throw new Error('no mail')
    expect(toStudent.subject).toBe(
      `Lektorium: lekcja zarezerwowana na ${date.split('-').reverse().join('.')}, 08:00`,
    )
    expect(toStudent.text).toContain('Lektor: Anna Nowak')
    expect(toStudent.text).toContain(`${TEST_PUBLIC_URL}/dashboard/video-call-vonage?lesson_id=${lesson.id}`)
    // The teacher's is in the teacher's language.
    expect(toTeacher.subject).toMatch(/^Lektorium: new lesson on /)
    expect(toTeacher.text).toContain('Marta Dąbrowska has booked a lesson with you.')

    for (const mail of [toStudent, toTeacher]) {
      const { event, method } = calendarOf(mail)
      expect(method).toBe('REQUEST')
      expect(event.uid).toBe(lessonUid(lesson.id, TEST_PUBLIC_URL))
      expect(event.startDate.zone?.tzid).toBe('Europe/Warsaw')
      expect(event.startDate.toString()).toBe(`${date}T08:00:00`)
      expect(event.startDate.toJSDate().toISOString()).toBe(lesson.scheduled_at)
    }
    // Planned once, and only what goes out now: the reminders are the sweep's, nearer their time,
    // and nobody here has a device to push to (two rows and two jobs a booking).
    expect(await plannedOf(lesson.id)).toEqual(['booked/student', 'booked/teacher'])
  })

  it('sends nothing to a party who turned e-mail notifications off', async () => {
    const pair = await lessonParties(t, { teacher: { emailNotificationsEnabled: false } })
    const lesson = await addLessonAt(t, pair, 24 * 60 + 30)
    await planLessons(t.app.deps, [lesson.id])
    await sink.waitFor(pair.student.user.email)
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect(sink.to(pair.teacher.user.email)).toHaveLength(0)
  })
})

describe('reminders', () => {
  it('reminds both parties before the lesson, with the join link', async () => {
    const pair = await lessonParties(t, { student: { locale: 'en' } })
    // The second reminder (60 minutes before) falls 3 seconds from now.
    const lesson = await addLessonAt(t, pair, 60 + 3 / 60)
    await planLessons(t.app.deps, [lesson.id], { booked: false })
    const [toStudent] = await sink.waitFor(pair.student.user.email)
    const [toTeacher] = await sink.waitFor(pair.teacher.user.email)
    expect(toStudent?.subject).toMatch(/^Lektorium: lesson at \d\d:\d\d$/)
    expect(toTeacher?.subject).toMatch(/^Lektorium: lekcja o \d\d:\d\d$/)
    expect(toStudent?.text).toContain(`lesson_id=${lesson.id}`)
  })

  it('never reminds of a cancelled lesson, and withdraws its invitation with the same UID from both calendars', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 60 + 4 / 60)
    await planLessons(t.app.deps, [lesson.id], { booked: false })
    const cancelled = await postJson(t, pair.student.token, '/lessons/cancel', {
      lesson_id: lesson.id,
      cancellation_reason: 'Choroba',
    })
    expect(cancelled.statusCode).toBe(200)
    const [toTeacher] = await sink.waitFor(pair.teacher.user.email)
    if (!toTeacher) throw new Error('no mail')
    expect(toTeacher.subject).toMatch(/odwołana$/)
    expect(toTeacher.text).toContain('Powód: Choroba')
    // The student who cancelled gets the calendar cancellation too: their own calendar drops it.
    const [toStudent] = await sink.waitFor(pair.student.user.email)
    if (!toStudent) throw new Error('no mail to the student')
    expect(toStudent.subject).toMatch(/odwołana$/)
    expect(toStudent.text).toContain('Lekcja została odwołana przez Ciebie.')
    for (const mail of [toTeacher, toStudent]) {
      const { event, method } = calendarOf(mail)
      expect(method).toBe('CANCEL')
      expect(event.uid).toBe(lessonUid(lesson.id, TEST_PUBLIC_URL))
      expect(event.sequence).toBe(1)
    }
    // The reminder's time passes: nothing more comes, to either party.
    await new Promise((resolve) => setTimeout(resolve, 7_000))
    expect(sink.to(pair.teacher.user.email)).toHaveLength(1)
    expect(sink.to(pair.student.user.email)).toHaveLength(1)
  })

  it('is sent exactly once with two processes working the same queue', async () => {
    // A second worker on its own connections, as another server process would be.
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 4 })
    const otherMailer = createCapturingMailer()
    let other: Jobs | undefined
    try {
      other = await startJobs(pool, silent, { maintenance: true, clock: t.clock })
      await startNotificationWorkers({
        db: t.database.db,
        jobs: other,
        mailer: otherMailer,
        clock: t.clock,
        log: silent,
        config: { publicUrl: TEST_PUBLIC_URL, mailFrom: 'no-reply@lektorium.test' },
        vapid: t.app.deps.vapid,
        pushPolicy: t.app.deps.pushPolicy,
      })
      const lessons = []
      for (let i = 0; i < 6; i++) {
        const pair = await lessonParties(t)
        lessons.push({ pair, lesson: await addLessonAt(t, pair, 60 + 3 / 60) })
      }
      await planLessons(
        t.app.deps,
        lessons.map((item) => item.lesson.id),
        { booked: false },
      )
      await new Promise((resolve) => setTimeout(resolve, 9_000))
      for (const { pair } of lessons) {
        for (const email of [pair.student.user.email, pair.teacher.user.email]) {
          const here = sink.to(email).length
          const there = otherMailer.messages.filter((message) => message.to === email).length
          expect(here + there).toBe(1)
        }
      }
    } finally {
      await other?.stop()
      await pool.end()
    }
  })
})

describe('the sweep', () => {
  it('plans each reminder and 10-minute push once, when its time comes within six hours', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 3 * 24 * 60)
    const at = (minutesBefore: number) => new Date(lesson.startsAt.getTime() - minutesBefore * 60_000)
    // Just over 30 hours before: nothing timed is due within six hours yet.
    t.clock.set(at(30 * 60 + 1))
    await sweep(t.app.deps)
    expect(await plannedOf(lesson.id)).toEqual([])
    // 29 hours before: the first reminder (24 hours before) is, for both parties.
    t.clock.set(at(29 * 60))
    // (Other tests' lessons may be planned here too; twice planned is once.)
    await sweep(t.app.deps)
    await sweep(t.app.deps)
    expect(await plannedOf(lesson.id)).toEqual(['first_reminder/student', 'first_reminder/teacher'])
    // Five hours before: the second reminder too, each once; no 10-minute push without a device.
    t.clock.set(at(5 * 60))
    await sweep(t.app.deps)
    await sweep(t.app.deps)
    expect(await plannedOf(lesson.id)).toEqual([
      'first_reminder/student',
      'first_reminder/teacher',
      'second_reminder/student',
      'second_reminder/teacher',
    ])
  })
})

describe('the invitation across summer time', () => {
  // Next year's (always ahead of now, so the e-mails are planned).
  const year = storyNow().getUTCFullYear() + 1
  const sunday = (month: number) =>
    `${year}-${String(month).padStart(2, '0')}-${String(lastSundayOfMonth(year, month)).padStart(2, '0')}`
  it.each([
    // The last Sunday of October: 10:00 in winter time (CET) is 09:00 UTC.
    [`${sunday(10)}T09:00:00.000Z`, `${sunday(10)}T10:00:00`],
    // The last Sunday of March: 10:00 in summer time (CEST) is 08:00 UTC.
    [`${sunday(3)}T08:00:00.000Z`, `${sunday(3)}T10:00:00`],
  ])('writes the lesson at %s as %s in Europe/Warsaw', async (instant, local) => {
    const pair = await lessonParties(t)
    const startsIn = (Date.parse(instant) - t.clock.now().getTime()) / 60_000
    const lesson = await addLessonAt(t, pair, startsIn)
    await t.database.db
      .update(users)
      .set({ emailNotificationsEnabled: true })
      .where(eq(users.id, pair.student.user.id))
    await planLessons(t.app.deps, [lesson.id])
    const [mail] = await sink.waitFor(pair.student.user.email)
    if (!mail) throw new Error('no mail')
    const { event } = calendarOf(mail)
    expect(event.startDate.toString()).toBe(local)
    expect(wallClock(new Date(instant))).toBe(`${local}`)
    expect(event.startDate.toJSDate().toISOString()).toBe(instant)
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(45 * 60_000)
  })
})
