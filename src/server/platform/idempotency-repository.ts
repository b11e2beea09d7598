import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { idempotencyKeys } from '../db/schema.ts'

// The idempotent answers' SQL (docs/decisions.md "All SQL in repositories"); when a key is claimed,
// answered, replayed or purged is idempotency.ts's rule.

/** Inserts the key's row; blocks while another transaction holds the same key (primary key). */
export async function insertKey(
  tx: Db,
  row: { userId: string; key: string; scope: string; hash: string; now: Date },
): Promise<void> {
  // Status and answer are placeholders, replaced before the commit: nobody else ever sees them.
  await tx.insert(idempotencyKeys).values({
    userId: row.userId,
    key: row.key,
    scope: row.scope,
    requestHash: row.hash,
    statusCode: 0,
    response: {},
    createdAt: row.now,
  })
}

/** Stores the write's answer in the key's row, in the write's transaction. */
export async function saveAnswer(
  tx: Db,
  keyOf: { userId: string; key: string },
  written: { status: number; body: unknown },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: written.status, response: written.body })
    .where(and(eq(idempotencyKeys.userId, keyOf.userId), eq(idempotencyKeys.key, keyOf.key)))
}

export async function storedAnswer(db: Db, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  return row
}

/** Drops the keys created before `before`. */
export async function deleteKeysBefore(db: Db, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before))
}
