import type { Db } from '../db/client.ts'
import { unreferencedKeys } from './file-references-repository.ts'
import type { Log } from './logger.ts'
import type { FileStorage } from './storage.ts'

// Files no row names (docs/decisions.md "Files survive a power cut"): an upload stored whose row
// never committed (a crash, a power cut between the two), a file whose row was deleted just before
// a crash, an upload cut off mid-way. Requests delete their own leftovers when they fail; these are
// what a crash leaves. Swept at start and hourly, once older than an hour — far longer than any
// request takes between storing a file and committing its row — by file age on the disk's clock.

export const ORPHAN_AGE_MS = 60 * 60_000
const HOUR_MS = 60 * 60_000
const BATCH = 500

type SweepContext = { db: Db; storage: FileStorage; log: Log }

export async function sweepOrphanFiles(ctx: SweepContext, now = Date.now()): Promise<{ removed: number }> {
  const before = now - ORPHAN_AGE_MS
  let removed = await ctx.storage.removeAbandoned(before)
  let batch: string[] = []
  const flush = async () => {
    for (const key of await unreferencedKeys(ctx.db, batch)) {
      await ctx.storage.delete(key)
      removed++
    }
    batch = []
  }
  for await (const file of ctx.storage.list()) {
    if (file.modifiedAt >= before) continue
    batch.push(file.key)
    if (batch.length >= BATCH) await flush()
  }
  await flush()
  if (removed > 0) ctx.log.info({ removed }, 'removed files no record names')
  return { removed }
}

/** Sweeps now and every hour; returns the function that stops it (waiting for a running sweep). */
export function scheduleFileSweep(ctx: SweepContext): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = running
      .then(() => sweepOrphanFiles(ctx))
      .catch((err: unknown) => ctx.log.error({ err }, 'sweeping orphan files failed'))
  }
  run()
  const timer = setInterval(run, HOUR_MS).unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
