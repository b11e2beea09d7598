import type pg from 'pg'
import { type JobResult, PgBoss } from 'pg-boss'
import type { Db } from '../db/client.ts'
import { JOBS_SCHEMA } from '../db/jobs-schema.ts'
import type { Clock } from './clock.ts'
import { inTransaction, onPool } from './jobs-repository.ts'
import type { Log } from './logger.ts'

// Durable jobs on the app's own PostgreSQL, through pg-boss: a job runs once across every server
// process (SKIP LOCKED), survives a restart or a crash (a job whose process died is taken up again
// when its expiry passes: late, never lost), and is retried with exponential backoff. pg-boss
// polls; it sends no NOTIFY from the transaction that adds a job, so a booking's commit never waits
// on NOTIFY's lock. docs/decisions.md "Durable jobs and a lesson's e-mails" says why pg-boss. A
// job's start is a time on the app's clock; pg-boss compares it with PostgreSQL's own, so it is
// handed over as the same distance from the database's present (docs/decisions.md "One clock for
// tests": a test's clock may stand at another moment than the wall's).

/** The queues of the app and what their jobs carry. */
export type JobPayloads = {
  /** A lesson was booked: the student's confirmation or the teacher's notice. */
  'lesson-booked': { lessonId: string; to: 'teacher' | 'student' }
  /** A lesson was cancelled: a party hears of it. */
  'lesson-cancelled': { lessonId: string; to: 'teacher' | 'student' }
  /** A reminder before a lesson, for the start it was planned for. */
  'lesson-reminder': {
    lessonId: string
    to: 'teacher' | 'student'
    kind: 'first_reminder' | 'second_reminder'
    startsAt: string
  }
  /** A push to a party's devices, for the start it was planned for. */
  'lesson-push': {
    lessonId: string
    to: 'teacher' | 'student'
    kind: 'push_booked' | 'push_soon' | 'push_cancelled'
    startsAt: string
  }
  /**
   * One message of a group class to one participant (an e-mail or a push), for the meeting's
   * version (`sequence`) and start it was planned for.
   */
  'meeting-notice': {
    classId: string
    meetingId: string | null
    userId: string
    kind: MeetingMessageKind
    sequence: number
    startsAt: string | null
  }
  /**
   * An SMS (modules/sms): a lesson's reminder or cancellation to one of its parties, for the start
   * it was planned for, or a group meeting's change to one of its students.
   */
  sms: SmsJob
  /** Plans what a crash may have left unplanned (every few minutes, on one process). */
  'notifications-sweep': Record<string, never>
  /**
   * Slots of a teacher became free (a cancellation, new availability): which of the entries
   * waiting then do they suit?
   */
  'waitlist-freed': { teacherId: string; startsAt: string[]; entryIds: string[] }
  /** A waiting student hears of free slots. */
  'waitlist-notice': { entryId: string; startsAt: string[] }
  /** An e-mail of the mail outbox (platform/mail-outbox.ts): its kind and the row it is about. */
  mail: { kind: OutboxMailKind; ref: string }
  /** A ready recording's lesson recap to make: transcript, then the model's recap. */
  'lesson-recap': { recapId: string }
  /** A draft recap the teacher has not published publishes itself. */
  'lesson-recap-publish': { recapId: string }
}
/** A group class's messages: owed by a write (schema-notifications.ts), or timed before a meeting. */
export type MeetingMessageKind =
  | 'enrolled'
  | 'invitation'
  | 'changed'
  | 'cancelled'
  | 'removed'
  | 'first_reminder'
  | 'second_reminder'
  | 'push_soon'
  | 'push_changed'
  | 'push_cancelled'
/** The e-mails that go through the mail outbox. */
export type OutboxMailKind =
  | 'student-invitation'
  | 'operator-invitation'
  | 'password-reset'
  | 'teacher-signed-up'
  | 'teacher-verified'
/** What an SMS job carries: enough to find what it is about and whom it is for. */
export type SmsJob =
  | {
      kind: 'lesson_reminder' | 'lesson_cancelled'
      lessonId: string
      to: 'teacher' | 'student'
      startsAt: string
    }
  | {
      kind: 'group_meeting_moved' | 'group_meeting_cancelled'
      meetingId: string
      userId: string
      title: string
      /** The meeting's start as it was (a move's old start). */
      startsAt: string
      /** A move's new start. */
      movedTo: string | null
    }
export type QueueName = keyof JobPayloads

/**
 * Per queue: retries (10 s, doubling), how long a job may run before it counts as its process's
 * crash and runs again, and how long a job may wait to be due (pg-boss deletes it after: a
 * reminder may wait as long as a lesson can be booked ahead, two weeks, and more).
 */
const DAY_S = 86_400
const QUEUES: Record<
  QueueName,
  { retryLimit: number; expireInSeconds: number; retentionSeconds: number; policy?: 'singleton' }
> = {
  'lesson-booked': { retryLimit: 8, expireInSeconds: 120, retentionSeconds: 7 * DAY_S },
  'lesson-cancelled': { retryLimit: 8, expireInSeconds: 120, retentionSeconds: 7 * DAY_S },
  'lesson-reminder': { retryLimit: 5, expireInSeconds: 120, retentionSeconds: 60 * DAY_S },
  'lesson-push': { retryLimit: 5, expireInSeconds: 120, retentionSeconds: 60 * DAY_S },
  'meeting-notice': { retryLimit: 8, expireInSeconds: 120, retentionSeconds: 60 * DAY_S },
  // 7 retries from 10 s, doubling: a gateway down for up to about 20 minutes (never past the
  // lesson's start: modules/sms checks it at every attempt).
  sms: { retryLimit: 7, expireInSeconds: 120, retentionSeconds: 60 * DAY_S },
  'notifications-sweep': { retryLimit: 2, expireInSeconds: 300, retentionSeconds: DAY_S },
  'waitlist-freed': { retryLimit: 5, expireInSeconds: 120, retentionSeconds: 7 * DAY_S },
  'waitlist-notice': { retryLimit: 5, expireInSeconds: 120, retentionSeconds: 7 * DAY_S },
  // 12 retries from 10 s, doubling: an SMTP server down for up to about 11 hours.
  mail: { retryLimit: 12, expireInSeconds: 120, retentionSeconds: 7 * DAY_S },
  // One recap at a time per model endpoint (its job's singleton key): a transcription of an hour's
  // audio may take many minutes on a school's own model.
  'lesson-recap': { retryLimit: 6, expireInSeconds: 3600, retentionSeconds: 7 * DAY_S, policy: 'singleton' },
  'lesson-recap-publish': { retryLimit: 8, expireInSeconds: 120, retentionSeconds: 60 * DAY_S },
}

export type JobHandler<Q extends QueueName> = (data: JobPayloads[Q]) => Promise<void>

export type Jobs = {
  /** Adds many jobs to one queue in one statement (inside `tx` when given). */
  insert<Q extends QueueName>(
    queue: Q,
    jobs: { id: string; data: JobPayloads[Q]; startAfter?: Date; singletonKey?: string }[],
    tx?: Db,
  ): Promise<void>
  /** Cancels jobs not yet run (inside `tx` when given). */
  cancel(queue: QueueName, ids: string[], tx?: Db): Promise<void>
  /** Runs this process's share of a queue's jobs. */
  work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>): Promise<void>
  /** Sends a job by a cron expression (UTC), once per tick across every process. */
  schedule(queue: QueueName, cron: string): Promise<void>
  /** How many jobs wait (due or later) and how many failed for good, per queue. */
  counts(): Promise<{ queue: QueueName; waiting: number; active: number; failed: number }[]>
  stop(): Promise<void>
}

/**
 * Starts pg-boss on the app's pool (its tables are installed or migrated by the migrations, as the
 * database's owner: db/jobs-schema.ts) and creates the queues. `maintenance`: whether this process also runs the
 * supervision and the cron timers (every server does; an operator command does not). `clock`: the
 * app's, on which jobs' start times are given.
 */
export async function startJobs(
  pool: pg.Pool,
  log: Log,
  options: { maintenance: boolean; clock: Clock },
): Promise<Jobs> {
  const { clock } = options
  // Where the app's clock stands from the wall's (0 but in tests), added at each insert.
  const onWall = (at: Date) => new Date(at.getTime() - clock.now().getTime() + Date.now())
  const boss = new PgBoss({
    db: onPool(pool),
    schema: JOBS_SCHEMA,
    migrate: false,
    supervise: options.maintenance,
    schedule: options.maintenance,
  })
  boss.on('error', (err) => log.error({ err }, 'the job queue failed'))
  await boss.start()
  for (const [name, queue] of Object.entries(QUEUES)) {
    await boss.createQueue(name, { ...queue, retryBackoff: true, retryDelay: 10 })
  }
  const inTx = (tx: Db | undefined) => (tx ? { db: inTransaction(tx) } : {})
  return {
    async insert(queue, jobs, tx) {
      if (jobs.length === 0) return
      const onQueue = jobs.map((job) =>
        job.startAfter ? { ...job, startAfter: onWall(job.startAfter) } : job,
      )
      await boss.insert(queue, onQueue, inTx(tx))
    },
    async cancel(queue, ids, tx) {
      if (ids.length > 0) await boss.cancel(queue, ids, inTx(tx))
    },
    async work(queue, handler) {
      // Up to 10 at a time, fetched again at once while batches come full; each job settles on its
      // own, so one failed send is retried without the batch's others being sent again.
      await boss.work<JobPayloads[typeof queue]>(
        queue,
        { pollingIntervalSeconds: 2, batchSize: 10, burstWhenBatchFull: true, perJobResults: true },
        async (jobs) => {
          const results: JobResult[] = []
          for (const job of jobs) {
            try {
              await handler(job.data)
              results.push({ id: job.id, status: 'completed' })
            } catch (err) {
              log.error({ err, queue, jobId: job.id }, 'a job failed; it will be retried')
              results.push({ id: job.id, status: 'failed', output: { message: String(err) } })
            }
          }
          return results
        },
      )
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {})
    },
    async counts() {
      const queues = await boss.getQueues(Object.keys(QUEUES))
      return queues.map((queue) => ({
        queue: queue.name as QueueName,
        waiting: queue.queuedCount,
        active: queue.activeCount,
        failed: queue.failedCount,
      }))
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, close: false })
    },
  }
}

/**
 * Jobs started on first use (an operator command: most add no job, and need not install or start
 * the queue). `stop` stops them only if they were started.
 */
export function lazyJobs(start: () => Promise<Jobs>): Jobs {
  let started: Promise<Jobs> | undefined
  const jobs = () => {
    started ??= start()
    return started
  }
  return {
    insert: async (queue, batch, tx) => (await jobs()).insert(queue, batch, tx),
    cancel: async (queue, ids, tx) => (await jobs()).cancel(queue, ids, tx),
    work: async (queue, handler) => (await jobs()).work(queue, handler),
    schedule: async (queue, cron) => (await jobs()).schedule(queue, cron),
    counts: async () => (await jobs()).counts(),
    stop: async () => {
      if (started) await (await started).stop()
    },
  }
}
