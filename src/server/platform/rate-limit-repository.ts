import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rateLimitCounters } from '../db/schema.ts'

// The counters behind platform/rate-limit.ts, one row per key, shared by every process of the
// database. Each statement is atomic on its own: concurrent attempts from several processes
// cannot both take the last one.

/**
 * Counts one attempt unless the window's `limit` is used up (no limit: always counted): a window
 * past `now` starts again at one. Returns the window's count with the attempt, or, when it was not
 * counted, the window's end.
 */
export async function takeAttempt(
  db: Db,
  key: string,
  limit: number | undefined,
  now: Date,
  windowEnd: Date,
): Promise<{ counted: true; count: number } | { counted: false; resetAt: Date }> {
  const t = rateLimitCounters
  const expired = sql`${t.resetAt} <= ${now.toISOString()}::timestamptz`
  const taken = await db
    .insert(t)
    .values({ key, count: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${t.count} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${t.resetAt} END`,
      },
      ...(limit === undefined ? {} : { setWhere: sql`${expired} OR ${t.count} < ${limit}` }),
    })
    .returning({ count: t.count })
  const [counted] = taken
  if (counted) return { counted: true, count: counted.count }
  const [row] = await db.select({ resetAt: t.resetAt }).from(t).where(eq(t.key, key))
  return { counted: false, resetAt: row?.resetAt ?? windowEnd }
}

/** Gives one attempt back, within the window it was taken in. */
export async function giveBackAttempt(db: Db, key: string, now: Date): Promise<void> {
  const t = rateLimitCounters
  await db
    .update(t)
    .set({ count: sql`${t.count} - 1` })
    .where(and(eq(t.key, key), gt(t.count, 0), gt(t.resetAt, now)))
}

/** Removes counters whose window has passed. */
export async function sweepAttempts(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetAt, now))
}
