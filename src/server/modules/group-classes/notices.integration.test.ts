import { tmpdir } from 'node:os'
import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { weekdayOf } from '../../../domain/group-classes/series.ts'
import { addDays, polandDateKey } from '../../../domain/poland-time.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { groupMeetingNotices, groupMeetingNotifications } from '../../db/schema-notifications.ts'
import { type Jobs, startJobs } from '../../platform/jobs.ts'
import { createMailer } from '../../platform/mail.ts'
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/build-test-app.ts'
import { type CapturingMailer, createCapturingMailer } from '../../test-support/capturing-mailer.ts'
import { B1, bookableTeacher, ENGLISH } from '../../test-support/lessons.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { type SmtpSink, startSmtpSink } from '../../test-support/smtp-sink.ts'
import { storyNow } from '../../test-support/story-clock.ts'
import { feedByToken, renewFeed } from '../notifications/calendar-feed.ts'
import { meetingUid } from '../notifications/ics.ts'
import { planOwedMeetingNotices, sweepMeetings } from '../notifications/meeting-planner.ts'
import { startNotificationWorkers } from '../notifications/worker.ts'
import {
  type ClassInput,
  cancelMeeting,
  createClass,
  enrolStudents,
  moveMeeting,
  removeStudent,
} from './service.ts'

// A group class told like any lesson (product-rules.md "Group classes"), on a real database, the job
// queue and a real SMTP server, with a second process's planner and workers on the same database:
// each participant gets one invitation per meeting, a moved meeting a newer one with the same UID,
// a cancelled one its cancellation, once each; what a crash leaves owed, the sweep plans
// (docs/decisions.md "A group meeting's messages owed by triggers"). pg-boss decides what is due by
// the database's clock, so the app's clock runs at the real time.

const silent = { info: () => {}, error: () => {} }
const FROM = 'no-reply@lektorium.test'
let sink: SmtpSink
let t: TestApp
let pool: pg.Pool
let other: Jobs
let otherMailer: CapturingMailer
beforeAll(async () => {
  sink = await startSmtpSink()
  t = await buildTestApp({
    mailer: createMailer({ smtpUrl: sink.url, mailFrom: FROM, dataDir: tmpdir() }, silent),
    config: { jobsWorker: true, mailFrom: FROM },
  })
  // A second server process: its own connections, job workers and mailer.
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 4 })
  otherMailer = createCapturingMailer()
  other = await startJobs(pool, silent, { maintenance: true, clock: t.clock })
  await startNotificationWorkers({
    db: t.database.db,
    jobs: other,
    mailer: otherMailer,
    clock: t.clock,
    log: silent,
    config: { publicUrl: TEST_PUBLIC_URL, mailFrom: FROM },
    vapid: t.app.deps.vapid,
    pushPolicy: t.app.deps.pushPolicy,
  })
}, 60_000)
afterAll(async () => {
  await other.stop()
  await pool.end()
  await t.close()
  await sink.close()
})
beforeEach(() => t.clock.set(storyNow()))

type Told = { subject: string; method: string | null; uid: string; sequence: number; startsAt: string }

/** Every e-mail to `email` from either process, its calendar event parsed back (ical.js). */
function toldTo(email: string): Told[] {
  const here = sink.to(email).map((mail) => ({
    subject: mail.subject ?? '',
    ics: mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))?.content.toString('utf8'),
  }))
  const there = otherMailer.messages
    .filter((message) => message.to === email)
    .map((message) => ({ subject: message.subject, ics: message.icalEvent?.content }))
  return [...here, ...there].map(({ subject, ics }) => {
    if (!ics) return { subject, method: null, uid: '', sequence: -1, startsAt: '' }
    const calendar = new ICAL.Component(ICAL.parse(ics))
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined)
    const method = calendar.getFirstPropertyValue('method')
    return {
      subject,
      method: typeof method === 'string' ? method : null,
      uid: event.uid,
      sequence: event.sequence,
      startsAt: event.startDate.toJSDate().toISOString(),
    }
  })
}

/** Waits until `email` has been told `count` messages in all. */
async function waitForTold(email: string, count: number, ms = 40_000): Promise<Told[]> {
  const until = performance.now() + ms
  while (toldTo(email).length < count && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 200))
  return toldTo(email)
}

const inDays = (days: number) => addDays(polandDateKey(t.clock.now()), days)

const classOf = (teacherId: string, overrides: Partial<ClassInput> = {}): ClassInput => ({
  teacherId,
  languageId: ENGLISH,
  levelId: B1,
  title: 'Angielski w firmie',
  description: '',
  companyName: null,
  capacity: 6,
  provider: 'builtin',
  series: null,
  extra: [],
  ...overrides,
})

/** A context whose writes are never followed by planning: a process that dies after its commit. */
const dying = () => ({ ...t.ctx, changes: { publish: () => {}, publishUnannounced: () => {} } })

const student = (locale: 'pl' | 'en') =>
  signedInUser(t, { role: 'student', humanAccess: true, onlyGroupLessons: true, locale })

describe("a weekly class's messages", () => {
  it('invite the teacher and each student once per meeting, move and cancel with the same UID, with two processes', async () => {
    const { teacher } = await bookableTeacher(t, { values: { locale: 'en' } })
    const first = inDays(2)
    const write = dying()
    const { group, meetings } = await createClass(
      write,
      classOf(teacher.id, {
        series: {
          weekdays: [weekdayOf(first)],
          startTime: '17:00',
          units: 2,
          firstDate: first,
          meetings: 10,
        },
      }),
    )
    const students = [await student('en')]
    for (let i = 0; i < 6; i++) students.push(await student('pl'))
    const result = await enrolStudents(
      write,
      group.id,
      students.map((s) => s.user.id),
    )
    expect(result.waiting).toHaveLength(1)
    // Both processes plan what the writes owe at once: each message is planned by one of them.
    await Promise.all([
      planOwedMeetingNotices(t.app.deps),
      planOwedMeetingNotices({ db: t.database.db, jobs: other, clock: t.clock }),
    ])
    const enrolled = students.slice(0, 6)
    const waiting = students[6]
    if (!waiting) throw new Error('no one waiting')
    const uids = meetings.map((meeting) => meetingUid(meeting.id, TEST_PUBLIC_URL))
    const invitedAt = new Map(
      meetings.map((meeting) => [meetingUid(meeting.id, TEST_PUBLIC_URL), meeting.startsAt]),
    )
    const participants = [
      { email: teacher.email, extra: 0 },
      ...enrolled.map((s) => ({ email: s.user.email, extra: 1 })),
    ]
    for (const { email, extra } of participants) {
      const told = await waitForTold(email, 10 + extra)
      const invitations = told.filter((mail) => mail.method === 'REQUEST')
      expect(invitations.map((mail) => mail.uid).sort()).toEqual([...uids].sort())
      for (const mail of invitations) {
        expect(mail.sequence).toBe(0)
        expect(mail.startsAt).toBe(invitedAt.get(mail.uid)?.toISOString())
      }
      // The students' enrolment e-mail carries no event.
      expect(told.filter((mail) => mail.method === null)).toHaveLength(extra)
    }
    // Each in their own language.
    expect(toldTo(teacher.email)[0]?.subject).toMatch(/^Lektorium: "Angielski w firmie" meeting on /)
    expect(toldTo(students[1]?.user.email ?? '').some((mail) => mail.subject.includes('zapisano Cię'))).toBe(
      true,
    )
    expect(toldTo(waiting.user.email)).toHaveLength(0)

    // A moved meeting: REQUEST, SEQUENCE 1, the same UID, the new time; a cancelled one: CANCEL.
    const [, , movedMeeting, cancelledMeeting] = meetings
    if (!movedMeeting || !cancelledMeeting) throw new Error('no meetings')
    const moved = await moveMeeting(t.ctx, movedMeeting.id, { date: addDays(first, 15), time: '19:00' })
    await cancelMeeting(t.ctx, cancelledMeeting.id)
    for (const { email, extra } of participants) {
      const told = await waitForTold(email, 12 + extra)
      const news = told.filter((mail) => mail.sequence > 0)
      expect(news.map((mail) => [mail.method, mail.uid, mail.sequence]).sort()).toEqual(
        [
          ['CANCEL', meetingUid(cancelledMeeting.id, TEST_PUBLIC_URL), 1],
          ['REQUEST', meetingUid(movedMeeting.id, TEST_PUBLIC_URL), 1],
        ].sort(),
      )
      expect(news.find((mail) => mail.method === 'REQUEST')?.startsAt).toBe(moved.startsAt.toISOString())
    }

    // A student taken out: CANCEL of each meeting still to come; the first waiting is told as enrolled.
    const leaver = enrolled[0]
    if (!leaver) throw new Error('no student')
    expect(await removeStudent(t.ctx, group.id, leaver.user.id)).toEqual({ promoted: waiting.user.id })
    const gone = (await waitForTold(leaver.user.email, 13 + 9)).filter(
      (mail) => mail.method === 'CANCEL' && mail.uid !== meetingUid(cancelledMeeting.id, TEST_PUBLIC_URL),
    )
    expect(gone).toHaveLength(9)
    expect(new Set(gone.map((mail) => mail.uid)).size).toBe(9)
    const promoted = await waitForTold(waiting.user.email, 1 + 9)
    expect(promoted.filter((mail) => mail.method === 'REQUEST')).toHaveLength(9)

    // Nothing twice, from either process.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect(toldTo(teacher.email)).toHaveLength(12)
    expect(toldTo(students[2]?.user.email ?? '')).toHaveLength(13)
    expect(toldTo(leaver.user.email)).toHaveLength(22)
    expect(toldTo(waiting.user.email)).toHaveLength(10)
  }, 120_000)
})

describe('what a crash leaves owed', () => {
  it('is planned by the sweep once; reminders once per participant coming; the feed lists the meeting under its UID', async () => {
    const { teacher } = await bookableTeacher(t)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const { group, meetings } = await createClass(
      dying(),
      classOf(teacher.id, { extra: [{ date: inDays(3), time: '18:00', units: 1 }] }),
    )
    const pupil = await student('pl')
    const away = await student('pl')
    await enrolStudents(dying(), group.id, [pupil.user.id, away.user.id])
    // One of them has said they will not come: no reminder for them.
    await t.database.db
      .update(lessons)
      .set({ groupAbsentAt: t.clock.now() })
      .where(eq(lessons.studentId, away.user.id))
    const owed = () =>
      t.database.db.select().from(groupMeetingNotices).where(eq(groupMeetingNotices.classId, group.id))
    expect((await owed()).map((row) => row.kind).sort()).toEqual([
      'enrolled',
      'enrolled',
      'invitation',
      'invitation',
      'invitation',
    ])

    await sweepMeetings(t.app.deps)
    expect(await owed()).toHaveLength(0)
    expect((await waitForTold(teacher.email, 1)).map((mail) => mail.method)).toEqual(['REQUEST'])
    expect(await waitForTold(pupil.user.email, 2)).toHaveLength(2)

    // 29 hours before: the first reminder (24 hours before) is planned for the two coming, once.
    const [meeting] = meetings
    if (!meeting) throw new Error('no meeting')
    t.clock.set(new Date(meeting.startsAt.getTime() - 29 * 3_600_000))
    await sweepMeetings(t.app.deps)
    await sweepMeetings(t.app.deps)
    const planned = await t.database.db
      .select()
      .from(groupMeetingNotifications)
      .where(eq(groupMeetingNotifications.meetingId, meeting.id))
    expect(
      planned
        .map(
          (row) =>
            `${row.kind}/${row.userId === teacher.id ? 'teacher' : row.userId === pupil.user.id ? 'student' : 'away'}`,
        )
        .sort(),
    ).toEqual(['first_reminder/student', 'first_reminder/teacher'])

    const link = await renewFeed(t.database.db, pupil.user.id, TEST_PUBLIC_URL, t.clock.now())
    const feed = await feedByToken(t.database.db, new URL(link).searchParams.get('token') ?? '', {
      publicUrl: TEST_PUBLIC_URL,
      now: t.clock.now(),
    })
    expect(feed).toContain(`UID:${meetingUid(meeting.id, TEST_PUBLIC_URL)}`)
  }, 60_000)
})
