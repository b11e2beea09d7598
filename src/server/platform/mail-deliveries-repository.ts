import { and, eq, lt, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { mailDeliveries } from '../db/schema-notifications.ts'
import type { OutboxMailKind } from './jobs.ts'

// The mail outbox's deliveries (platform/mail-outbox.ts): one row per message, claimed by the
// process sending it and marked once sent.

type DeliveryKey = { kind: OutboxMailKind; ref: string }

const keyOf = (mail: DeliveryKey) => and(eq(mailDeliveries.kind, mail.kind), eq(mailDeliveries.ref, mail.ref))

/** Takes the message for this process until `now + claimMs`, unless sent or claimed by another. */
export async function claimDelivery(
  tx: Db,
  mail: DeliveryKey,
  now: Date,
  claimMs: number,
): Promise<'claimed' | 'sent_before' | 'being_sent'> {
  const until = new Date(now.getTime() + claimMs)
  const taken = await tx
    .insert(mailDeliveries)
    .values({ kind: mail.kind, ref: mail.ref, claimedUntil: until })
    .onConflictDoUpdate({
      target: [mailDeliveries.kind, mailDeliveries.ref],
      set: { claimedUntil: until },
      setWhere: sql`${mailDeliveries.sentAt} is null and (${mailDeliveries.claimedUntil} is null or ${lte(mailDeliveries.claimedUntil, now)})`,
    })
    .returning({ kind: mailDeliveries.kind })
  if (taken.length > 0) return 'claimed'
  const [row] = await tx.select({ sentAt: mailDeliveries.sentAt }).from(mailDeliveries).where(keyOf(mail))
  return row?.sentAt ? 'sent_before' : 'being_sent'
}

/**
 * Gives the claim back: the job (or the next attempt) sends the message. The claim ends `now`
 * rather than vanishing, so the row keeps when it was last in hand (for the purge).
 */
export async function releaseDelivery(db: Db, mail: DeliveryKey, now: Date): Promise<void> {
  await db.update(mailDeliveries).set({ claimedUntil: now }).where(keyOf(mail))
}

/** Drops deliveries settled before `before`: sent then, or last claimed then and never sent. */
export async function deleteDeliveriesBefore(db: Db, before: Date): Promise<void> {
  await db
    .delete(mailDeliveries)
    .where(lt(sql`coalesce(${mailDeliveries.sentAt}, ${mailDeliveries.claimedUntil})`, before))
}

export async function markDeliverySent(tx: Db, mail: DeliveryKey, now: Date): Promise<void> {
  await tx.update(mailDeliveries).set({ sentAt: now, claimedUntil: null }).where(keyOf(mail))
}
