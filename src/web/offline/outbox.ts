import { liveQuery } from 'dexie'
import * as v from 'valibot'
import { type OutboxRow, outboxTable } from './lektorium-db.ts'
import type { OutboxKind, OutboxWrite } from './outbox-write.ts'

// The outbox (architecture.md "Offline"; decisions.md "Offline writes go to a Dexie outbox, not to
// paused mutations"): notes, memos and ratings written with no connection wait here with the
// Idempotency-Key of the user's action, and are replayed in the order they were written
// (web/api/outbox-sender.ts). The server applies a key once, so a replay cut off half-way is simply
// sent again. A write the server refuses stays, marked failed with the reason, until the user
// dismisses or retries it: nothing is dropped silently.

export type Refusal = NonNullable<OutboxRow['refusal']>

type Stored<W> = W extends OutboxWrite ? Omit<W, 'input'> & { input: unknown } : never

/**
 * A row as read back: numbered, and `refusal` null until the server refuses it. Its input is
 * checked when it is sent (another build may have written it); a kind this build does not know is
 * `unknown`, kept to be shown as refused rather than lost.
 */
export type OutboxEntry = Omit<OutboxRow, 'seq' | 'refusal' | 'kind' | 'input'> & {
  seq: number
  refusal: Refusal | null
} & (
    | Stored<OutboxWrite>
    | { kind: 'unknown'; storedKind: string; lessonId: string; idempotencyKey: string; input: unknown }
  )

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
/** Every kind this build writes (the compiler wants each one here). */
const KINDS: Record<OutboxKind, true> = { update: true, rating: true, aiReview: true }
const isKnown = (kind: string): kind is OutboxKind => Object.hasOwn(KINDS, kind)

function toEntry(row: v.InferOutput<typeof entrySchema>): OutboxEntry {
  const { kind, refusal, ...rest } = row
  return isKnown(kind)
    ? { ...rest, kind, refusal: refusal ?? null }
    : { ...rest, kind: 'unknown', storedKind: kind, refusal: refusal ?? null }
}

export async function enqueueWrite(userId: string, write: OutboxWrite, now = Date.now()): Promise<number> {
  return outboxTable().add({ userId, ...write, createdAt: now, state: 'pending' })
}

/** The user's entries in the order they were written; unreadable rows are removed. */
export async function outboxEntries(userId: string): Promise<OutboxEntry[]> {
  const rows = await outboxTable().where('userId').equals(userId).sortBy('seq')
  const entries: OutboxEntry[] = []
  for (const row of rows) {
    const parsed = v.safeParse(entrySchema, row)
    if (parsed.success) entries.push(toEntry(parsed.output))
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

/** Whether the entry still waits (another tab may have sent it meanwhile). */
export const isStillQueued = async (seq: number) => (await outboxTable().get(seq)) !== undefined

/** The server has the write: it leaves the outbox. */
export const removeSent = (seq: number) => outboxTable().delete(seq)

/** The server refused the write: it stays, with the reason, for the user to resend or dismiss. */
export const markRefused = (seq: number, refusal: Refusal) =>
  outboxTable().update(seq, { state: 'failed', refusal })

/** The user gives up a refused write. */
export const dismissEntry = (seq: number) => outboxTable().delete(seq)

/** The user sends a refused write again (same key: it was never applied). */
export const retryEntry = (seq: number) => outboxTable().update(seq, { state: 'pending', refusal: undefined })

/** Logout empties the outbox (after the user agreed to lose what it holds). */
export const clearOutbox = () => outboxTable().clear()
