import { and, eq, gt, isNull, lte } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { passwordResetRequests, passwordResetTokens, users } from '../../db/schema.ts'

/**
 * Records a reset request for an address unless one was made after `cutoff` (product-rules.md
 * "Passwords": wait 2 minutes). Rows older than the cutoff are dropped first, so the table holds
 * only the last 2 minutes. Returns false while the wait is running; the insert's conflict makes it
 * race-free.
 */
export async function claimResetRequest(db: Db, email: string, now: Date, cutoff: Date): Promise<boolean> {
  await db.delete(passwordResetRequests).where(lte(passwordResetRequests.requestedAt, cutoff))
  const inserted = await db
    .insert(passwordResetRequests)
    .values({ email, requestedAt: now })
    .onConflictDoNothing()
    .returning({ email: passwordResetRequests.email })
  return inserted.length > 0
}

export async function findResetRequestTime(db: Db, email: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ requestedAt: passwordResetRequests.requestedAt })
    .from(passwordResetRequests)
    .where(eq(passwordResetRequests.email, email))
  return row?.requestedAt
}

/** A new reset link replaces the user's unused ones: only the latest mail works. */
export async function replaceResetToken(
  db: Db,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<string> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
  const [row] = await db
    .insert(passwordResetTokens)
    .values({ userId, tokenHash, expiresAt })
    .returning({ id: passwordResetTokens.id })
  if (!row) throw new Error('insert returned no row')
  return row.id
}

/** A reset link not used yet and still valid, with its user, for its e-mail. */
export async function findResetToSend(db: Db, resetId: string, now: Date) {
  const [row] = await db
    .select({ email: users.email, locale: users.locale })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.id, resetId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
  return row
}

/** The token the e-mail carries: its hash replaces the one before. */
export async function setResetToken(db: Db, resetId: string, tokenHash: string): Promise<void> {
  await db.update(passwordResetTokens).set({ tokenHash }).where(eq(passwordResetTokens.id, resetId))
}

const live = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  )

export async function isResetTokenLive(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(live(tokenHash, now))
    .limit(1)
  return rows.length > 0
}

/** The account a live token sets a password for, or undefined: what the reset page says. */
export async function findLiveResetAccount(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ email: users.email, role: users.role, passwordHash: users.passwordHash })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(live(tokenHash, now))
    .limit(1)
  return row
}

/** Marks a live token used and returns its user; a second use finds nothing (single use). */
export async function consumeResetToken(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(live(tokenHash, now))
    .returning({ userId: passwordResetTokens.userId })
  return row?.userId
}
