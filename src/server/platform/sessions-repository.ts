import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { sessions, users } from '../db/schema.ts'
import type { SignedIn, User } from './sessions.ts'
import { hashToken, newToken } from './tokens.ts'

// The sessions' SQL (docs/decisions.md "All SQL in repositories"); whether a live session's
// account may use the app is sessions.ts's rule.

/** Creates a session; only the token's hash is stored (architecture.md "API"). */
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

/** The session lookup, built once per database as a named prepared statement. */
const prepareSessionUser = (db: Db) =>
  db
    .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_session_user')
const sessionUserStatements = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>()

/** The user and id of a live session (not revoked, not expired) and when that session expires. */
export async function findSessionUser(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<(SignedIn & { expiresAt: Date }) | undefined> {
  let statement = sessionUserStatements.get(db)
  if (!statement) {
    statement = prepareSessionUser(db)
    sessionUserStatements.set(db, statement)
  }
  const [row] = await statement.execute({ hash: tokenHash, now })
  return row
}

/**
 * The account of session `sessionId` of `userId` if the session lives at `now` (with `tokenHash`:
 * and that is its own token).
 */
export async function liveSessionAccount(
  db: Db,
  check: { sessionId: string; userId: string; tokenHash?: string },
  now: Date,
): Promise<Pick<User, 'status' | 'bannedUntil'> | undefined> {
  const [row] = await db
    .select({ status: users.status, bannedUntil: users.bannedUntil })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, check.sessionId),
        eq(sessions.userId, check.userId),
        check.tokenHash === undefined ? undefined : eq(sessions.tokenHash, check.tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
  return row
}

// The revoking functions leave the session cache to the caller: it publishes `{ kind: 'user' }`
// on the change road once the revocation has committed (platform/change-road.ts).

/** Revokes the token's session; answers whose it was (undefined: none live). */
export async function revokeSession(db: Db, token: string, now: Date): Promise<string | undefined> {
  const [revoked] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId })
  return revoked?.userId
}

/** A password change signs the user out everywhere (architecture.md "API"). */
export async function revokeUserSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
}

/** A password set by the signed-in user signs out their other devices; this session stays. */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepToken: string,
  now: Date,
): Promise<void> {
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
