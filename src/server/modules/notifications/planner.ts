import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import type { NotificationKind } from '../../db/schema-notifications.ts'
import type { JobPayloads, Jobs, QueueName } from '../../platform/jobs.ts'
import { findSettings } from '../settings/public.ts'
import type { Recipient } from './lesson-mail.ts'
import {
  insertNotifications,
  lessonsToPlan,
  owedBookingNotices,
  plannedNotifications,
  settleBookingNotices,
  unplannedTimed,
} from './repository.ts'

// When a lesson's e-mails and pushes go out. Planning a lesson's messages writes one
// `lesson_notifications` row per message and its pg-boss job in one transaction: a message is
// planned once however often planning runs, and a row never names a job that does not exist. A
// cancellation cancels the lesson's jobs not yet run and plans its own messages in the
// cancellation's transaction. What runs still checks the lesson first (worker.ts, lesson-push.ts).
//
// A booking's e-mails and push are owed from its commit: the booking's transaction writes a
// `lesson_booking_notices` row per lesson, and the transaction that plans them deletes it, so a
// crash in between delays them until the sweep, never loses them, and never plans them twice
// (docs/decisions.md "A booking's messages owed in its own transaction").
//
// A booking plans only what goes out at once (the e-mails of the booking, the teacher's push);
// reminders and the 10-minute pushes are planned by the sweep once their time is within
// PLAN_AHEAD_MS (decisions.md "A booking plans only what goes out at once": a booking writes three
// rows and three jobs, not nine, and reminders follow the reminder settings in force when they are
// planned).

const MINUTE_MS = 60_000
const PARTIES: Recipient[] = ['student', 'teacher']
/** The push to the installed app comes this long before a lesson. */
export const PUSH_SOON_MINUTES = 10
/**
 * Timed messages are planned this long before their time: the sweep runs every 5 minutes, so a
 * server down for up to about 6 hours still sends the reminders that fell due meanwhile.
 */
export const PLAN_AHEAD_MS = 6 * 60 * MINUTE_MS

export type PlanContext = { db: Db; jobs: Jobs; clock: { now(): Date } }

type Planned = { kind: NotificationKind; recipient: Recipient; at: Date | null }

export async function reminderMinutes(db: Db): Promise<{ first: number; second: number }> {
  const row = await findSettings(db)
  return { first: row?.firstReminderMinutes ?? 1440, second: row?.secondReminderMinutes ?? 60 }
}

type Wanted = Planned & { lesson: { id: string; startsAt: Date } }

/**
 * Plans what is not planned yet of `wanted`, inside `tx`: one statement for the rows, one per
 * queue for the jobs, however many lessons (a burst of bookings is planned together).
 */
async function plan(tx: Db, jobs: Jobs, wanted: Wanted[]): Promise<number> {
  if (wanted.length === 0) return 0
  const byKey = new Map(wanted.map((item) => [`${item.lesson.id}/${item.kind}/${item.recipient}`, item]))
  const inserted = await insertNotifications(
    tx,
    wanted.map((item) => ({
      lessonId: item.lesson.id,
      kind: item.kind,
      recipient: item.recipient,
      jobId: randomUUID(),
    })),
  )
  type Batch<Q extends QueueName> = { id: string; data: JobPayloads[Q]; startAfter?: Date }[]
  const booked: Batch<'lesson-booked'> = []
  const cancelled: Batch<'lesson-cancelled'> = []
  const reminders: Batch<'lesson-reminder'> = []
  const pushes: Batch<'lesson-push'> = []
  for (const row of inserted) {
    const item = byKey.get(`${row.lessonId}/${row.kind}/${row.recipient}`)
    if (!item) continue
    const at = item.at ? { startAfter: item.at } : {}
    const base = { lessonId: row.lessonId, to: row.recipient }
    if (row.kind === 'booked') booked.push({ id: row.jobId, data: base, ...at })
    else if (row.kind === 'cancelled') cancelled.push({ id: row.jobId, data: base, ...at })
    else if (row.kind === 'first_reminder' || row.kind === 'second_reminder')
      reminders.push({
        id: row.jobId,
        data: { ...base, kind: row.kind, startsAt: item.lesson.startsAt.toISOString() },
        ...at,
      })
    else
      pushes.push({
        id: row.jobId,
        data: { ...base, kind: row.kind, startsAt: item.lesson.startsAt.toISOString() },
        ...at,
      })
  }
  await jobs.insert('lesson-booked', booked, tx)
  await jobs.insert('lesson-cancelled', cancelled, tx)
  await jobs.insert('lesson-reminder', reminders, tx)
  await jobs.insert('lesson-push', pushes, tx)
  return inserted.length
}

/**
 * Plans the booking e-mails (unless `booked` is false) and the reminders and 10-minute pushes of
 * booked lessons whose time falls within PLAN_AHEAD_MS, each once; those whose time has passed are
 * left out.
 */
export async function planLessons(
  ctx: PlanContext,
  lessonIds: string[],
  options: { booked: boolean } = { booked: true },
): Promise<number> {
  if (lessonIds.length === 0) return 0
  const now = ctx.clock.now()
  const minutes = await reminderMinutes(ctx.db)
  const rows = await lessonsToPlan(ctx.db, lessonIds, now)
  const wanted: Wanted[] = []
  const due = (at: Date) => at > now && at.getTime() <= now.getTime() + PLAN_AHEAD_MS
  for (const lesson of rows) {
    // The teacher's push of a new booking, and both parties' 10 minutes before.
    if (options.booked && lesson.teacherDevice)
      wanted.push({ lesson, kind: 'push_booked', recipient: 'teacher', at: null })
    for (const recipient of PARTIES) {
      if (options.booked) wanted.push({ lesson, kind: 'booked', recipient, at: null })
      const device = recipient === 'teacher' ? lesson.teacherDevice : lesson.studentDevice
      for (const [kind, before] of [
        ['push_soon', device ? PUSH_SOON_MINUTES : 0],
        ['first_reminder', minutes.first],
        ['second_reminder', minutes.second],
      ] as const) {
        const at = new Date(lesson.startsAt.getTime() - before * MINUTE_MS)
        if (before > 0 && due(at)) wanted.push({ lesson, kind, recipient, at })
      }
    }
  }
  return ctx.db.transaction(async (tx) => {
    if (options.booked) await settleBookingNotices(tx, lessonIds)
    return plan(tx, ctx.jobs, wanted)
  })
}

/**
 * Inside the cancellation's transaction: the lesson's messages not sent yet are cancelled; both
 * parties get the e-mail whose calendar cancellation drops the lesson from their calendars (the
 * canceller's too), and the other party (both, when the school cancels) the push.
 */
export async function planCancellation(
  tx: Db,
  jobs: Jobs,
  lesson: { id: string; startsAt: Date; teacherId: string; studentId: string },
  cancelledBy: string | null,
): Promise<void> {
  const pending = await plannedNotifications(tx, lesson.id)
  await jobs.cancel(
    'lesson-reminder',
    pending.filter((row) => row.kind.endsWith('_reminder')).map((row) => row.jobId),
    tx,
  )
  await jobs.cancel(
    'lesson-push',
    pending.filter((row) => row.kind === 'push_soon').map((row) => row.jobId),
    tx,
  )
  const pushed: Recipient[] =
    cancelledBy === lesson.teacherId ? ['student'] : cancelledBy === lesson.studentId ? ['teacher'] : PARTIES
  await plan(tx, jobs, [
    ...PARTIES.map((recipient) => ({ lesson, kind: 'cancelled' as const, recipient, at: null })),
    ...pushed.map((recipient) => ({ lesson, kind: 'push_cancelled' as const, recipient, at: null })),
  ])
}

/**
 * Every 5 minutes: the reminders and pushes of lessons whose time comes within PLAN_AHEAD_MS, and
 * what a crash between a booking's commit and its planning left owed (booking e-mails and the
 * teacher's push).
 */
export async function sweep(ctx: PlanContext): Promise<number> {
  const now = ctx.clock.now()
  const owed = await owedBookingNotices(ctx.db)
  // Only lessons that start soon enough for one of their timed messages to be due.
  const minutes = await reminderMinutes(ctx.db)
  const latestStart = new Date(
    now.getTime() + PLAN_AHEAD_MS + Math.max(minutes.first, minutes.second, PUSH_SOON_MINUTES) * MINUTE_MS,
  )
  const upcoming = await unplannedTimed(ctx.db, now, latestStart)
  return (
    (await planLessons(
      ctx,
      owed.map((row) => row.id),
      { booked: true },
    )) +
    (await planLessons(
      ctx,
      upcoming.map((row) => row.id),
      { booked: false },
    ))
  )
}
