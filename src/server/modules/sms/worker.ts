import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import type { Jobs, SmsJob } from '../../platform/jobs.ts'
import { isEarlyLesson } from './quiet-hours.ts'
import { findSmsLesson } from './repository.ts'
import { deliverSms, type SmsContext, type SmsRequest } from './service.ts'
import type { Canceller } from './texts.ts'

// The SMS jobs (planned by the lessons' notifications planner and, through `planGroupMeetingSms`,
// by group classes): each reads what it is about as it is now, then `deliverSms`. A gateway error
// fails the job, which pg-boss retries with backoff; quiet hours move it to 08:00 with a new job.

export type SmsWorkerContext = SmsContext & { jobs: Jobs }

/** The request of a lesson's SMS, or null when it is no longer owed (cancelled, moved, gone). */
async function lessonRequest(
  ctx: SmsWorkerContext,
  job: Extract<SmsJob, { lessonId: string }>,
): Promise<SmsRequest | null> {
  const lesson = await findSmsLesson(ctx.db, job.lessonId)
  if (!lesson || lesson.startsAt.toISOString() !== job.startsAt) return null
  const userId = job.to === 'teacher' ? lesson.teacherId : lesson.studentId
  const base = {
    key: `${job.kind}:${lesson.id}:${job.to}`,
    userId,
    lessonId: lesson.id,
    notAfter: lesson.startsAt,
    // product-rules.md "SMS": an SMS about a lesson before 09:00 is not held back by the night.
    quietHours: !isEarlyLesson(lesson.startsAt),
  }
  if (job.kind === 'lesson_reminder') {
    if (lesson.cancelledAt) return null
    return { ...base, facts: { kind: job.kind, startsAt: lesson.startsAt, language: lesson.language } }
  }
  if (!lesson.cancelledAt) return null
  const by: Canceller =
    lesson.cancelledBy === lesson.teacherId
      ? 'teacher'
      : lesson.cancelledBy === lesson.studentId
        ? 'student'
        : 'school'
  return { ...base, facts: { kind: job.kind, startsAt: lesson.startsAt, language: lesson.language, by } }
}

function meetingRequest(job: Extract<SmsJob, { meetingId: string }>): SmsRequest {
  const startsAt = new Date(job.startsAt)
  const movedTo = job.movedTo ? new Date(job.movedTo) : null
  // A move is news until the earlier of its two starts.
  const notAfter = movedTo && movedTo < startsAt ? movedTo : startsAt
  const facts =
    job.kind === 'group_meeting_moved' && movedTo
      ? { kind: job.kind, startsAt, movedTo, title: job.title }
      : { kind: 'group_meeting_cancelled' as const, startsAt, title: job.title }
  return {
    key: `${job.kind}:${job.meetingId}:${job.userId}:${movedTo?.toISOString() ?? job.startsAt}`,
    userId: job.userId,
    lessonId: null,
    facts,
    notAfter,
    quietHours: !isEarlyLesson(notAfter),
  }
}

export async function onSmsJob(ctx: SmsWorkerContext, job: SmsJob): Promise<void> {
  const request = 'lessonId' in job ? await lessonRequest(ctx, job) : meetingRequest(job)
  if (!request) return
  const result = await deliverSms(ctx, request)
  if (result.outcome === 'deferred') {
    // A duplicate of this job (a crash before it completes) finds the message claimed or sent.
    await ctx.jobs.insert('sms', [{ id: randomUUID(), data: job, startAfter: result.until }])
  } else if (result.outcome === 'busy') {
    throw new Error('another process is sending this SMS')
  } else if (result.outcome === 'failed' && !result.permanent) {
    throw new Error(`the SMS gateway failed (${result.reason}); the job is retried`)
  }
}

export async function startSmsWorkers(ctx: SmsWorkerContext): Promise<void> {
  await ctx.jobs.work('sms', (job) => onSmsJob(ctx, job))
}

/**
 * The seam for group classes: in the transaction that plans a moved or cancelled meeting's messages,
 * plan the SMS to its participants who have SMS on (each sent once, in their locale, within quiet
 * hours).
 */
export async function planGroupMeetingSms(
  tx: Db,
  jobs: Jobs,
  change: {
    meetingId: string
    title: string
    startsAt: Date
    /** null: cancelled. */
    movedTo: Date | null
    userIds: string[]
  },
): Promise<void> {
  await jobs.insert(
    'sms',
    change.userIds.map((userId) => ({
      id: randomUUID(),
      data: {
        kind: change.movedTo ? 'group_meeting_moved' : 'group_meeting_cancelled',
        meetingId: change.meetingId,
        userId,
        title: change.title,
        startsAt: change.startsAt.toISOString(),
        movedTo: change.movedTo?.toISOString() ?? null,
      },
    })),
    tx,
  )
}
