import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { Clock } from '../../platform/clock.ts'
import type { JobPayloads, Jobs } from '../../platform/jobs.ts'
import type { Log } from '../../platform/logger.ts'
import type { Mailer } from '../../platform/mail.ts'
import { lessonMail, type MailKind, type MailLesson, type Recipient } from './lesson-mail.ts'
import { onLessonPush } from './lesson-push.ts'
import { sweepMeetings } from './meeting-planner.ts'
import { onMeetingNotice } from './meeting-worker.ts'
import { sweep } from './planner.ts'
import type { Vapid } from './push.ts'
import type { PushPolicy } from './push-endpoint.ts'
import { loadMailLesson } from './repository.ts'

// Sending a lesson's e-mails when their jobs come due. Each job is one message to one party, so a
// retry never sends the other party's again. The lesson is read first: a reminder of a cancelled
// lesson, or one planned for a start the lesson no longer has, is dropped (Cal.com sent those:
// calcom/cal.diy#6973, #17806), as is any message to someone who turned e-mail notifications off
// (email_notifications_enabled, product-rules.md "Records and fields"). A failed send is retried by
// the queue with backoff.

export type NotificationsContext = {
  db: Db
  jobs: Jobs
  mailer: Mailer
  clock: Clock
  log: Log
  config: Pick<Config, 'publicUrl' | 'mailFrom'>
  /** Web push's keys and where pushes may go (push.ts): this context is a PushContext too. */
  vapid: Vapid
  pushPolicy: PushPolicy
}

/** How often the sweep plans the reminders coming due and what a crash left unplanned (UTC cron). */
const SWEEP_CRON = '*/5 * * * *'

async function send(ctx: NotificationsContext, kind: MailKind, lesson: MailLesson, to: Recipient) {
  const party = to === 'teacher' ? lesson.teacher : lesson.student
  if (!party.emailNotifications) return
  const message = lessonMail(kind, lesson, to, {
    publicUrl: ctx.config.publicUrl,
    mailFrom: ctx.config.mailFrom,
    now: ctx.clock.now(),
  })
  await ctx.mailer.send(message)
}

export async function onBooked(ctx: NotificationsContext, data: JobPayloads['lesson-booked']) {
  const lesson = await loadMailLesson(ctx.db, data.lessonId)
  if (!lesson || lesson.cancelledAt) return
  await send(ctx, 'booked', lesson, data.to)
}

export async function onCancelled(ctx: NotificationsContext, data: JobPayloads['lesson-cancelled']) {
  const lesson = await loadMailLesson(ctx.db, data.lessonId)
  if (!lesson?.cancelledAt) return
  await send(ctx, 'cancelled', lesson, data.to)
}

export async function onReminder(ctx: NotificationsContext, data: JobPayloads['lesson-reminder']) {
  const lesson = await loadMailLesson(ctx.db, data.lessonId)
  if (!lesson || lesson.cancelledAt) return
  // Planned for another start, or too late to be of use (the server was down meanwhile).
  if (lesson.startsAt.toISOString() !== data.startsAt || lesson.startsAt <= ctx.clock.now()) return
  await send(ctx, data.kind, lesson, data.to)
}

/** This process's share of the notification jobs, and the sweep's schedule. */
export async function startNotificationWorkers(ctx: NotificationsContext): Promise<void> {
  await ctx.jobs.work('lesson-booked', (data) => onBooked(ctx, data))
  await ctx.jobs.work('lesson-cancelled', (data) => onCancelled(ctx, data))
  await ctx.jobs.work('lesson-reminder', (data) => onReminder(ctx, data))
  await ctx.jobs.work('lesson-push', (data) => onLessonPush(ctx, data))
  await ctx.jobs.work('meeting-notice', (data) => onMeetingNotice(ctx, data))
  await ctx.jobs.work('notifications-sweep', async () => {
    const planned = (await sweep(ctx)) + (await sweepMeetings(ctx))
    if (planned > 0) ctx.log.info({ planned }, 'the notification sweep planned what was missing')
  })
  await ctx.jobs.schedule('notifications-sweep', SWEEP_CRON)
}
