import { randomUUID } from 'node:crypto'
import type { JobPayloads } from '../../platform/jobs.ts'
import type { Log } from '../../platform/logger.ts'
import {
  anyOwedMeetingNotice,
  insertMeetingNotifications,
  meetingParticipantsStarting,
  settleMeetingNotices,
  takeOwedMeetingNotices,
} from './meeting-repository.ts'
import { PLAN_AHEAD_MS, type PlanContext, PUSH_SOON_MINUTES, reminderMinutes } from './planner.ts'

// When a group class's messages go out (product-rules.md "Group classes"). Whatever writes a
// class's members, meetings or places owes its messages in its own transaction: the triggers of
// migration 0029 add a `group_meeting_notices` row per recipient. Planning turns a batch of them
// into jobs and deletes them in one transaction that locks them (another process's planning skips
// them), so each is planned once; after a commit this process plans at once, and the sweep plans
// what a crash left (docs/decisions.md "A group meeting's messages owed by triggers"). Reminders
// and the 10-minute push are planned by the sweep like a lesson's, once per version of the meeting.

const MINUTE_MS = 60_000
/** Owed rows planned per transaction. */
const BATCH = 500

type Job = { id: string; data: JobPayloads['meeting-notice']; startAfter?: Date }

/** Plans every owed message (those of meetings already started are dropped); how many jobs. */
export async function planOwedMeetingNotices(ctx: PlanContext): Promise<number> {
  // Most changes (every booking's) owe none: one read, no transaction.
  if (!(await anyOwedMeetingNotice(ctx.db))) return 0
  const now = ctx.clock.now()
  let planned = 0
  for (;;) {
    const taken = await ctx.db.transaction(async (tx) => {
      const owed = await takeOwedMeetingNotices(tx, BATCH)
      const jobs: Job[] = []
      for (const row of owed) {
        // A meeting gone or begun is told nothing more (an enrolment is about the class).
        if (row.meetingId !== null && (row.startsAt === null || row.startsAt <= now)) continue
        const data = {
          classId: row.classId,
          meetingId: row.meetingId,
          userId: row.userId,
          kind: row.kind,
          sequence: row.sequence,
          startsAt: row.startsAt?.toISOString() ?? null,
        }
        jobs.push({ id: randomUUID(), data })
        // A moved or cancelled meeting is news for a device too.
        if (row.device && (row.kind === 'changed' || row.kind === 'cancelled'))
          jobs.push({ id: randomUUID(), data: { ...data, kind: `push_${row.kind}` } })
      }
      await ctx.jobs.insert('meeting-notice', jobs, tx)
      await settleMeetingNotices(
        tx,
        owed.map((row) => row.id),
      )
      planned += jobs.length
      return owed.length
    })
    if (taken < BATCH) return planned
  }
}

/**
 * The reminders and 10-minute pushes of the meetings starting by `latestStart` whose time comes
 * within PLAN_AHEAD_MS, to the teacher and each student with a place, each once per version of
 * the meeting (a moved meeting's are planned again for its new start; the old ones are dropped
 * when they run).
 */
export async function planMeetingReminders(ctx: PlanContext, latestStart: Date): Promise<number> {
  const now = ctx.clock.now()
  const minutes = await reminderMinutes(ctx.db)
  const due = (at: Date) => at > now && at.getTime() <= now.getTime() + PLAN_AHEAD_MS
  type Timed = Job & { meetingId: string; kind: 'first_reminder' | 'second_reminder' | 'push_soon' }
  const wanted: Timed[] = []
  for (const row of await meetingParticipantsStarting(ctx.db, now, latestStart)) {
    for (const [kind, before] of [
      ['push_soon', row.device ? PUSH_SOON_MINUTES : 0],
      ['first_reminder', minutes.first],
      ['second_reminder', minutes.second],
    ] as const) {
      const at = new Date(row.startsAt.getTime() - before * MINUTE_MS)
      if (before === 0 || !due(at)) continue
      const data = {
        classId: row.classId,
        meetingId: row.meetingId,
        userId: row.userId,
        kind,
        sequence: row.sequence,
        startsAt: row.startsAt.toISOString(),
      }
      wanted.push({ id: randomUUID(), data, startAfter: at, meetingId: row.meetingId, kind })
    }
  }
  if (wanted.length === 0) return 0
  return ctx.db.transaction(async (tx) => {
    const inserted = await insertMeetingNotifications(
      tx,
      wanted.map((job) => ({
        meetingId: job.meetingId,
        userId: job.data.userId,
        kind: job.kind,
        sequence: job.data.sequence,
        jobId: job.id,
      })),
    )
    const stored = new Set(inserted.map((row) => row.jobId))
    const jobs = wanted.filter((job) => stored.has(job.id))
    await ctx.jobs.insert(
      'meeting-notice',
      jobs.map(({ id, data, startAfter }) => ({ id, data, startAfter })),
      tx,
    )
    return jobs.length
  })
}

/**
 * The sweep's share for group classes (every 5 minutes): what a crash between a write's commit and
 * its planning left owed, and the reminders coming due.
 */
export async function sweepMeetings(ctx: PlanContext): Promise<number> {
  const minutes = await reminderMinutes(ctx.db)
  const latestStart = new Date(
    ctx.clock.now().getTime() +
      PLAN_AHEAD_MS +
      Math.max(minutes.first, minutes.second, PUSH_SOON_MINUTES) * MINUTE_MS,
  )
  return (await planOwedMeetingNotices(ctx)) + (await planMeetingReminders(ctx, latestStart))
}

export type MeetingNoticeRelay = {
  /** A write may have owed messages: plan them shortly, off the answer's path. */
  kick(): void
  /** Resolves once nothing is being planned (tests, shutdown). */
  idle(): Promise<void>
}

/** How long writes are gathered before their messages are planned together. */
const GATHER_MS = 20

/**
 * Plans the owed messages shortly after a change is committed, here or in another process (the
 * change road: docs/architecture.md "After a write commits"), so no writer has to ask for it.
 */
export function createMeetingNoticeRelay(ctx: PlanContext & { log: Log }): MeetingNoticeRelay {
  let timer: ReturnType<typeof setTimeout> | null = null
  let planning: Promise<void> = Promise.resolve()
  const flush = () => {
    timer = null
    planning = planning.then(() =>
      planOwedMeetingNotices(ctx)
        .then(() => undefined)
        .catch((err: unknown) => ctx.log.error({ err }, "planning a group class's messages failed")),
    )
  }
  return {
    kick() {
      timer ??= setTimeout(flush, GATHER_MS)
    },
    async idle() {
      if (timer !== null) {
        clearTimeout(timer)
        flush()
      }
      await planning
    },
  }
}
