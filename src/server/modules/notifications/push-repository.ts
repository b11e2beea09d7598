import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { pushSubscriptions } from '../../db/schema-notifications.ts'

// The devices' web-push subscriptions, one row per push endpoint.

export type StoredSubscription = { id: string; endpoint: string; p256dh: string; auth: string }

/**
 * Stores a device's subscription for `userId`; false when the endpoint is another account's and
 * this one does not hold its auth secret. An endpoint is one browser profile: registered again (new
 * keys, or another user signed in on that browser, who sends the same secret) it moves to this
 * user with its keys.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  subscription: { endpoint: string; p256dh: string; auth: string },
): Promise<boolean> {
  const t = pushSubscriptions
  const saved = await db
    .insert(t)
    .values({ userId, ...subscription })
    .onConflictDoUpdate({
      target: t.endpoint,
      set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: new Date() },
      setWhere: sql`${t.userId} = excluded.user_id OR ${t.auth} = excluded.auth`,
    })
    .returning({ id: t.id })
  return saved.length > 0
}

/** Removes the caller's own subscription of `endpoint` (another user's is left alone). */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
}

export async function subscriptionsOf(db: Db, userId: string): Promise<StoredSubscription[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
}

/** The push service said these are gone (404/410): they are never tried again. */
export async function deleteSubscriptions(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids))
}

export async function markSent(db: Db, ids: string[], at: Date): Promise<void> {
  if (ids.length > 0)
    await db.update(pushSubscriptions).set({ lastSentAt: at }).where(inArray(pushSubscriptions.id, ids))
}
