import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { invitations, users } from '../../db/schema.ts'
import type { User } from '../../platform/sessions.ts'

export type InvitedStudent = {
  email: string
  humanAccess: boolean
  aiAccess: boolean
  onlyGroupLessons: boolean
  companyName: string | null
  activeUntil: string | null
  locale: 'pl' | 'en'
}

/** A student who has not set a password yet: invited, or activated by opening the link. */
const awaitingPassword = [
  eq(users.role, 'student'),
  inArray(users.status, ['invited', 'active']),
  isNull(users.passwordHash),
]

/** Whether an existing account may be invited (again): a student who has not set a password. */
export const awaitsPassword = (user: User): boolean =>
  user.role === 'student' &&
  (user.status === 'invited' || user.status === 'active') &&
  user.passwordHash === null

export async function insertInvitedStudent(db: Db, student: InvitedStudent): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ ...student, role: 'student', status: 'invited' })
    .returning()
  if (!user) throw new Error('insert returned no row')
  return user
}

/** A repeated invitation of a student who has not set a password yet updates what the operator granted. */
export async function updateInvitedStudent(db: Db, userId: string, student: InvitedStudent, now: Date) {
  const [user] = await db
    .update(users)
    .set({ ...student, updatedAt: now })
    .where(and(eq(users.id, userId), ...awaitingPassword))
    .returning()
  return user
}

/** Only the latest invitation link works. */
export async function replaceInvitation(
  db: Db,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.delete(invitations).where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)))
  await db.insert(invitations).values({ userId, tokenHash, expiresAt })
}

/** An invitation by its token's hash, whatever its state, with whether its student has a password. */
export async function findInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      userId: invitations.userId,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      hasPassword: isNotNull(users.passwordHash),
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(eq(invitations.tokenHash, tokenHash))
  return row
}

/**
 * An invitation is used once its student sets a password (completing the registration); until then
 * its link may be opened again.
 */
export async function markInvitationsUsed(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)))
}

/**
 * A student still waiting to set a password (invited, or activated by an earlier opening of the
 * link): activated if need be and returned; anyone else (deactivated, registered) is not.
 */
export async function activateInvitedStudent(db: Db, userId: string, now: Date): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ status: 'active', updatedAt: now })
    .where(and(eq(users.id, userId), ...awaitingPassword))
    .returning()
  return user
}
