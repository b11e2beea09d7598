import type { ServiceContext } from '../../context.ts'
import { lackOfSlotsDigestMail } from './lack-of-slots-mail.ts'
import { anyWaitingForDigest, releaseFromDigest, takeForDigest, toReport } from './repository.ts'

// The school hears of lack-of-slots reports at most once an hour: one student
// could otherwise fill its inbox. A report waits in the table (mailed_at null) until a digest
// takes it; the hour is kept in the database (operator_digests), so several server processes send
// one digest between them, and what waits when a process stops goes out when one starts again.

export const DIGEST_INTERVAL_MS = 60 * 60_000

export type LackOfSlotsDigest = {
  /** A report was stored: the digest goes now if the last one is an hour old, else when it is. */
  reported(): void
  /** Sends the digest if it is due and reports wait for it (what the timer runs). */
  sendIfDue(): Promise<void>
  /** Resolves once no digest is being sent. */
  idle(): Promise<void>
  /** Sends, or schedules, what waits from before the process started. */
  start(): void
  close(): Promise<void>
}

type Context = Pick<ServiceContext, 'db' | 'clock' | 'mailer' | 'config' | 'log'>

export function createLackOfSlotsDigest(ctx: Context): LackOfSlotsDigest {
  let timer: NodeJS.Timeout | undefined
  let closed = false
  const running = new Set<Promise<void>>()

  const inBackground = (work: () => Promise<void>) => {
    const run: Promise<void> = work()
      .catch((err: unknown) => ctx.log.error({ err }, 'the lack-of-slots digest failed'))
      .finally(() => running.delete(run))
    running.add(run)
  }

  const scheduleAt = (due: Date) => {
    if (closed || timer) return
    const delay = Math.max(0, due.getTime() - ctx.clock.now().getTime())
    timer = setTimeout(() => {
      timer = undefined
      inBackground(sendIfDue)
    }, delay)
    timer.unref()
  }

  async function sendIfDue(): Promise<void> {
    const to = ctx.config.operatorEmail
    if (!to) return
    const now = ctx.clock.now()
    const taken = await takeForDigest(ctx.db, now, DIGEST_INTERVAL_MS)
    if (taken.due) {
      scheduleAt(taken.due)
      return
    }
    if (taken.rows.length === 0) return
    try {
      await ctx.mailer.send(lackOfSlotsDigestMail(to, taken.rows.map(toReport)))
    } catch (err) {
      ctx.log.error({ err, reports: taken.rows.length }, 'the lack-of-slots digest could not be sent')
      await releaseFromDigest(
        ctx.db,
        taken.rows.map((row) => row.id),
      )
      scheduleAt(new Date(now.getTime() + DIGEST_INTERVAL_MS))
    }
  }

  return {
    reported() {
      if (!ctx.config.operatorEmail) {
        ctx.log.error({}, 'lack-of-slots report stored but not mailed: OPERATOR_EMAIL is not set')
        return
      }
      inBackground(sendIfDue)
    },
    sendIfDue,
    async idle() {
      while (running.size > 0) await Promise.all(running)
    },
    start() {
      if (!ctx.config.operatorEmail) return
      inBackground(async () => {
        if (await anyWaitingForDigest(ctx.db)) await sendIfDue()
      })
    },
    async close() {
      closed = true
      clearTimeout(timer)
      timer = undefined
      while (running.size > 0) await Promise.all(running)
    },
  }
}
