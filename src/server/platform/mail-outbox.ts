import { randomUUID } from 'node:crypto'
import type { Db } from '../db/client.ts'
import type { Clock } from './clock.ts'
import type { Jobs, OutboxMailKind } from './jobs.ts'
import type { Log } from './logger.ts'
import type { Mailer, MailMessage } from './mail.ts'
import {
  claimDelivery,
  deleteDeliveriesBefore,
  markDeliverySent,
  releaseDelivery,
} from './mail-deliveries-repository.ts'

// E-mails that must not be lost (an invitation, a password reset, a teacher's verification) go
// through a transactional outbox on the job queue: the write adds the e-mail's job in its own
// transaction, so once it commits the e-mail is owed even if the process dies the next moment.
// The writing process then sends it at once (the answer still says whether it went); the job,
// due JOB_DELAY_MS later, sends it only if that did not happen. Both go through `deliver`, which
// claims the message in `mail_deliveries` before sending and marks it sent after, so a message is
// sent once: only a process that dies after the SMTP server took the message and before the mark
// leaves it to be sent again, after its claim runs out (docs/decisions.md "E-mails through a
// transactional outbox").

export type OutboxMail = { kind: OutboxMailKind; ref: string }

/** How one kind of message is made: `ref` names the row it is about (an invitation, a user...). */
export type MailComposer = {
  /**
   * The message as it is now, read in the claim's transaction (a link's token is made there, its
   * hash stored); null when it is no longer owed (the invitation was replaced or used).
   */
  compose(tx: Db, ref: string, now: Date): Promise<MailMessage | null>
  /** Written in the transaction that marks the message sent (an invitation's `sent_at`). */
  sent?(tx: Db, ref: string, now: Date): Promise<void>
}
export type MailComposers = Record<OutboxMailKind, MailComposer>

export type Delivery =
  | { outcome: 'sent' }
  | { outcome: 'sent_before' }
  /** Another process holds the claim and may be sending it now. */
  | { outcome: 'being_sent' }
  | { outcome: 'not_owed' }
  | { outcome: 'failed'; reason: string }

/** Whether the recipient has (or is being sent) the message. */
export const delivered = (d: Delivery) =>
  d.outcome === 'sent' || d.outcome === 'sent_before' || d.outcome === 'being_sent'

/**
 * How long a claim holds: longer than an SMTP send may take (nodemailer gives up on a silent
 * socket after 10 minutes), so a slow send is never overtaken by a second one.
 */
export const CLAIM_MS = 11 * 60_000
/** The job waits this long for the writing process to have sent the message itself. */
export const JOB_DELAY_MS = 20_000
/**
 * A delivery's row is kept this long after it settled: far past the last retry of its job (twelve,
 * backing off, end within a day; the job itself is kept 7 days), so none can still ask after it.
 */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000
const PURGE_EVERY_MS = 60 * 60_000

export type MailOutbox = {
  /** Adds the messages' jobs inside the write's transaction `tx`. */
  add(tx: Db, mails: OutboxMail[]): Promise<void>
  /**
   * Sends a message now through `mailer` (the caller's: a service sends through its context's)
   * unless it was sent or is being sent. Call it after the commit.
   */
  deliver(mail: OutboxMail, mailer: Mailer): Promise<Delivery>
  /** `deliver` after the answer; `idle` waits for these (the app waits before it closes). */
  deliverLater(mails: OutboxMail[], mailer: Mailer): void
  idle(): Promise<void>
  /** Runs this process's share of the outbox's jobs (JOBS_WORKER processes). */
  work(): Promise<void>
}

type Deps = { db: Db; jobs: Jobs; mailer: Mailer; clock: Clock; log: Log; composers: MailComposers }

export function createMailOutbox(deps: Deps): MailOutbox {
  const { db, jobs, clock, log, composers } = deps
  const pending = new Set<Promise<unknown>>()
  let lastPurge: number | null = null

  /** Old deliveries go, at most once an hour per process, after a send. */
  async function purgeSettled(now: Date) {
    if (lastPurge !== null && now.getTime() - lastPurge < PURGE_EVERY_MS && now.getTime() >= lastPurge) return
    lastPurge = now.getTime()
    // The message went; a failed clean-up must not make its send look failed.
    await deleteDeliveriesBefore(db, new Date(now.getTime() - DELIVERY_RETENTION_MS)).catch((err: unknown) =>
      log.error({ err }, 'purging old e-mail deliveries failed'),
    )
  }

  async function deliver(mail: OutboxMail, mailer: Mailer): Promise<Delivery> {
    const composer = composers[mail.kind]
    const taken = await db.transaction(async (tx) => {
      const state = await claimDelivery(tx, mail, clock.now(), CLAIM_MS)
      if (state !== 'claimed') return state
      const message = await composer.compose(tx, mail.ref, clock.now())
      if (!message) await releaseDelivery(tx, mail, clock.now())
      return message ?? 'not_owed'
    })
    if (typeof taken === 'string') return { outcome: taken }
    try {
      await mailer.send(taken)
    } catch (error) {
      // Given back at once: the job (or the next attempt) tries again.
      await releaseDelivery(db, mail, clock.now())
      const reason = error instanceof Error ? error.message : String(error)
      log.error(
        { err: error, kind: mail.kind, to: taken.to },
        'an e-mail could not be sent; it will be retried',
      )
      return { outcome: 'failed', reason }
    }
    const now = clock.now()
    await db.transaction(async (tx) => {
      await markDeliverySent(tx, mail, now)
      await composer.sent?.(tx, mail.ref, now)
    })
    await purgeSettled(now)
    return { outcome: 'sent' }
  }

  return {
    async add(tx, mails) {
      const due = new Date(clock.now().getTime() + JOB_DELAY_MS)
      await jobs.insert(
        'mail',
        mails.map((data) => ({ id: randomUUID(), data, startAfter: due })),
        tx,
      )
    },
    deliver,
    deliverLater(mails, mailer) {
      for (const mail of mails) {
        const attempt = deliver(mail, mailer)
          .catch((err: unknown) =>
            log.error({ err, kind: mail.kind }, 'an e-mail could not be sent; its job will'),
          )
          .finally(() => pending.delete(attempt))
        pending.add(attempt)
      }
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending)
    },
    async work() {
      await jobs.work('mail', async (mail) => {
        const result = await deliver(mail, deps.mailer)
        if (result.outcome === 'failed') throw new Error(`the e-mail could not be sent: ${result.reason}`)
        // Tried again after the claim: sent by then, or its process died while sending.
        if (result.outcome === 'being_sent') throw new Error('another process is sending this e-mail')
      })
    },
  }
}
