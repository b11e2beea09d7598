import type pg from 'pg'
import { CHANGES_CHANNEL, type Change, encodeChange, type FeedLog } from './change-feed.ts'

// Changes announced after their commit instead of by a trigger inside it. A NOTIFY takes a
// database-wide lock at commit, so every committing writer that notified queued behind the others
// (69 % of the samples at pgbench's limit). A writer that sets lektorium.notify_after_commit (the
// booking function, db/functions/book-lessons.sql) hands its changes here once committed; they
// leave in one statement, batched with whatever else came meanwhile, within a few milliseconds —
// off every request's path and outside every transaction.
//
// Were the process to die between the commit and the NOTIFY, other processes would miss the
// change until that teacher's or student's entry is read again after BOARD_CACHE_SECONDS
// (docs/decisions.md "Change notification after the commit"); a search could then offer the
// booked slot, and booking it answers the clean 409 of a taken slot. Every other writer is still
// announced by its trigger. Writers do not call this: they publish their changes on the change
// road (platform/change-road.ts), which hands the unannounced ones here.

export type ChangeAnnouncer = {
  announce(changes: readonly Change[]): void
  /** Sends what is waiting; resolves once sent. */
  flush(): Promise<void>
}

/** How long changes may wait to share one statement. */
const BATCH_MS = 5

export function createChangeAnnouncer(pool: pg.Pool, origin: string, log: FeedLog): ChangeAnnouncer {
  const waiting = new Set<string>()
  let timer: NodeJS.Timeout | null = null
  let sending: Promise<void> = Promise.resolve()

  const send = () => {
    timer = null
    const payloads = [...waiting]
    waiting.clear()
    if (payloads.length === 0) return sending
    sending = sending
      .then(() =>
        pool.query({
          name: 'lektorium_announce',
          text: `select pg_notify('${CHANGES_CHANNEL}', p) from unnest($1::text[]) as p`,
          values: [payloads],
        }),
      )
      .then(
        () => undefined,
        (err: unknown) => log.error({ err, changes: payloads.length }, 'changes could not be announced'),
      )
    return sending
  }

  return {
    announce(changes) {
      for (const change of changes) waiting.add(`${origin}|${encodeChange(change)}`)
      timer ??= setTimeout(send, BATCH_MS)
    },
    flush() {
      if (timer) clearTimeout(timer)
      return send()
    },
  }
}
