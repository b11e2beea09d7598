import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { sessions, users } from '../db/schema.ts'
import { forgetCachedToken, forgetCachedUser } from './session-cache.ts'
import { hashToken, newToken } from './tokens.ts'

export type User = typeof users.$inferSelect

/** Creates a session; only the token's hash is stored (ARCHITECTURE.md "API"). */
export async function createSession(
  db: Db,
  input: { userId: string; remember: boolean; expiresAt: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newToken()
  await db
    .insert(sessions)
    .values({ userId: input.userId, tokenHash: hash, remember: input.remember, expiresAt: input.expiresAt })
  return { token, expiresAt: input.expiresAt }
}

/** The user of a live session (not revoked, not expired) and when that session expires. */
export async function findSessionUser(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ user: User; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1)
  return row
}

export async function revokeSession(db: Db, token: string, now: Date): Promise<void> {
  forgetCachedToken(hashToken(token))
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
}

/** A password change signs the user out everywhere (ARCHITECTURE.md "API"). */
export async function revokeUserSessions(db: Db, userId: string, now: Date): Promise<void> {
  forgetCachedUser(userId)
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
}

/** A password set by the signed-in user signs out their other devices; this session stays (issue #3). */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepToken: string,
  now: Date,
): Promise<void> {
  forgetCachedUser(userId)
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ne(sessions.tokenHash, hashToken(keepToken)),
      ),
    )
}
