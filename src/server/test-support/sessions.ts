import type { users } from '../db/schema.ts'
import type { User } from '../platform/sessions.ts'
import { createSession } from '../platform/sessions-repository.ts'
import type { TestApp } from './build-test-app.ts'
import { createUser } from './fixtures.ts'

const YEAR_MS = 365 * 24 * 60 * 60 * 1000

/**
 * A user with a live session, without the argon2 sign-in (fast enough for hundreds of students):
 * the session row is inserted as sign-in would, only the token's hash stored (platform/sessions).
 */
export async function signedInUser(
  t: TestApp,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<{ user: User; token: string }> {
  const user = await createUser(t.database.db, values)
  const expiresAt = new Date(t.clock.now().getTime() + YEAR_MS)
  const { token } = await createSession(t.database.db, { userId: user.id, remember: true, expiresAt })
  return { user, token }
}
