import * as v from 'valibot'
import { lessonUpdateSchema, ratingSchema } from '../../domain/api/my-lessons.ts'
import type { OutboxEntry, Refusal } from '../offline/outbox.ts'
import { loadOutbox } from '../offline/outbox-queue.ts'
import { ApiError } from './api-error.ts'
import { rateLesson, updateLesson } from './my-lesson-writes.ts'

// The outbox's sender (architecture.md "Offline"): replays what waits in web/offline/outbox.ts
// through the API's write functions, one entry at a time, in order.

const ratingWrite = v.object({ ...ratingSchema.entries, mode: v.picklist(['create', 'update']) })

const unreadable = () =>
  new ApiError({ kind: 'http', status: 422, code: 'validation_failed', message: 'Unreadable outbox entry' })

/**
 * Sends one entry with its stored key. Every kind of write has its case (the compiler checks it);
 * an entry this build cannot read counts as refused.
 */
export async function sendOutboxEntry(entry: OutboxEntry): Promise<unknown> {
  switch (entry.kind) {
    case 'update': {
      const input = v.safeParse(lessonUpdateSchema, entry.input)
      if (input.success) return updateLesson(input.output, entry.idempotencyKey)
      break
    }
    case 'rating': {
      const input = v.safeParse(ratingWrite, entry.input)
      if (!input.success) break
      const { mode, ...rating } = input.output
      return rateLesson(mode, rating, entry.idempotencyKey)
    }
    case 'aiReview': {
      // The wordbook's code (its scheduler above all) downloads only when a review waits: every
      // dashboard page runs this module (the pages' budgets: architecture.md "Loading").
      const [{ reviewInputSchema }, { sendReview }] = await Promise.all([
        import('../../domain/api/ai-lesson.ts'),
        import('./ai-wordbook.ts'),
      ])
      const input = v.safeParse(reviewInputSchema, entry.input)
      if (input.success) return sendReview(input.output, entry.idempotencyKey)
      break
    }
    case 'unknown':
      break
    default: {
      const unhandled: never = entry
      return unhandled
    }
  }
  throw unreadable()
}

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
  send: (entry: OutboxEntry) => Promise<unknown> = sendOutboxEntry,
  onSent: (entry: OutboxEntry, answer: unknown) => void = () => {},
): Promise<DrainReport> {
  if (draining) return draining
  const run = async (): Promise<DrainReport> => {
    const outbox = await loadOutbox()
    const report: DrainReport = { sent: 0, refused: 0, stopped: false }
    for (const entry of await outbox.outboxEntries(userId)) {
      if (entry.state !== 'pending') continue
      // Another tab may have sent it while this one waited for the lock.
      if (!(await outbox.isStillQueued(entry.seq))) continue
      try {
        const answer = await send(entry)
        await outbox.removeSent(entry.seq)
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
        await outbox.markRefused(entry.seq, refusal)
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
