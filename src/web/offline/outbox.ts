import { liveQuery } from 'dexie'
import * as v from 'valibot'
import { ApiError } from '../api/api-error.ts'
import { type OutboxRow, outboxTable } from './lektorium-db.ts'

// The outbox (architecture.md "Offline"; decisions.md "Offline writes go to a Dexie outbox, not to
// paused mutations"): notes, memos and ratings written with no connection wait here with the
// Idempotency-Key of the user's action, and are replayed in the order they were written. The server
// applies a key once, so a replay cut off half-way (the connection or the server gone mid-request)
// is simply sent again. A write the server refuses (e.g. the lesson was cancelled meanwhile) stays,
// marked failed with the reason, until the user dismisses or retries it: nothing is dropped
// silently.

export type OutboxWrite = { kind: string; lessonId: string; input: unknown; idempotencyKey: string }
export type Refusal = NonNullable<OutboxRow['refusal']>
/** A row as read back: numbered, and `refusal` null until the server refuses it. */
export type OutboxEntry = Omit<OutboxRow, 'seq' | 'refusal'> & { seq: number; refusal: Refusal | null }

const entrySchema = v.object({
  seq: v.number(),
  userId: v.string(),
  lessonId: v.string(),
  kind: v.string(),
  input: v.unknown(),
  idempotencyKey: v.string(),
  createdAt: v.number(),
  state: v.picklist(['pending', 'failed']),
  refusal: v.optional(
    v.object({
      code: v.nullable(v.string()),
      status: v.nullable(v.number()),
      params: v.record(v.string(), v.string()),
    }),
  ),
})

export async function enqueueWrite(userId: string, write: OutboxWrite, now = Date.now()): Promise<number> {
  return outboxTable().add({ userId, ...write, createdAt: now, state: 'pending' })
}

/** The user's entries in the order they were written; unreadable rows are removed. */
export async function outboxEntries(userId: string): Promise<OutboxEntry[]> {
  const rows = await outboxTable().where('userId').equals(userId).sortBy('seq')
  const entries: OutboxEntry[] = []
  for (const row of rows) {
    const parsed = v.safeParse(entrySchema, row)
    if (parsed.success) entries.push({ ...parsed.output, refusal: parsed.output.refusal ?? null })
    else if (typeof row.seq === 'number') await outboxTable().delete(row.seq)
  }
  return entries
}

/** Calls `onChange` with the user's entries now and after every change (any tab); returns stop. */
export function watchOutbox(userId: string, onChange: (entries: OutboxEntry[]) => void): () => void {
  const subscription = liveQuery(() => outboxEntries(userId)).subscribe({
    next: onChange,
    error: (error: unknown) => console.warn('The outbox could not be read', error),
  })
  return () => subscription.unsubscribe()
}

export const countUnsent = (userId: string) => outboxTable().where('userId').equals(userId).count()

/** The user gives up a refused write. */
export const dismissEntry = (seq: number) => outboxTable().delete(seq)

/** The user sends a refused write again (same key: it was never applied). */
export const retryEntry = (seq: number) => outboxTable().update(seq, { state: 'pending', refusal: undefined })

/** Logout empties the outbox (after the user agreed to lose what it holds). */
export const clearOutbox = () => outboxTable().clear()

/**
 * Whether a failure leaves the write's fate open (not sent, or the answer lost): keep it pending
 * and stop, so later writes do not overtake it. Anything else is the server's refusal.
 */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  if (error.kind !== 'http' || error.isServerError) return true
  return error.status === 401 || error.status === 408 || error.status === 429
}

export type DrainReport = { sent: number; refused: number; stopped: boolean }

let draining: Promise<DrainReport> | null = null

/**
 * Sends the user's pending writes one by one, in order. Sent ones leave the outbox (`onSent`
 * with the answer), refused ones are marked failed; the first unreachable one stops the run.
 * One run at a time per tab, and one per browser where Web Locks exist.
 */
export function drainOutbox(
  userId: string,
  send: (entry: OutboxEntry) => Promise<unknown>,
  onSent: (entry: OutboxEntry, answer: unknown) => void = () => {},
): Promise<DrainReport> {
  if (draining) return draining
  const run = async (): Promise<DrainReport> => {
    const report: DrainReport = { sent: 0, refused: 0, stopped: false }
    for (const entry of await outboxEntries(userId)) {
      if (entry.state !== 'pending') continue
      // Another tab may have sent it while this one waited for the lock.
      if ((await outboxTable().get(entry.seq)) === undefined) continue
      try {
        const answer = await send(entry)
        await outboxTable().delete(entry.seq)
        report.sent++
        onSent(entry, answer)
      } catch (error) {
        if (isUnreachable(error)) {
          report.stopped = true
          return report
        }
        const refusal: Refusal =
          error instanceof ApiError
            ? { code: error.code ?? null, status: error.status ?? null, params: error.params }
            : { code: null, status: null, params: {} }
        await outboxTable().update(entry.seq, { state: 'failed', refusal })
        report.refused++
      }
    }
    return report
  }
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  const locked = locks ? locks.request('lektorium-outbox', run) : run()
  draining = locked.finally(() => {
    draining = null
  })
  return draining
}
