import type { Db } from '../db/client.ts'
import type { users } from '../db/schema.ts'
import { liveSessionAccount } from './sessions-repository.ts'

export type User = typeof users.$inferSelect

/** A signed-in session: its user and its id (which a room token names). */
export type SignedIn = { user: User; sessionId: string }

/**
 * An account that may not use the app now though its session lives: deactivated, not yet active, or
 * banned (product-rules.md "Sign-in and account states": such a request answers 401 and the client
 * logs out).
 */
export const isBarred = (user: Pick<User, 'status' | 'bannedUntil'>, now: Date): boolean =>
  user.status !== 'active' || (user.bannedUntil !== null && user.bannedUntil > now)

/**
 * Whether session `sessionId` of `userId` lives and its account may use the app at `now`; with
 * `tokenHash`, also that this is that session's own token (the room's sockets).
 */
export async function sessionAdmits(
  db: Db,
  check: { sessionId: string; userId: string; tokenHash?: string },
  now: Date,
): Promise<boolean> {
  const row = await liveSessionAccount(db, check, now)
  return row !== undefined && !isBarred(row, now)
}
