import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
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

/**
 * Only the latest invitation link works. The new invitation's token is made when its e-mail is
 * sent (invitation-mail.ts); until then `tokenHash` is the hash of a token nobody has.
 */
export async function replaceInvitation(
  db: Db,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<string> {
  await db.delete(invitations).where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)))
  const [row] = await db
    .insert(invitations)
    .values({ userId, tokenHash, expiresAt })
    .returning({ id: invitations.id })
  if (!row) throw new Error('insert returned no row')
  return row.id
}

/** Invitations with their student: whose, where to, and whether the link may still serve. */
const withStudent = (db: Db) =>
  db
    .select({
      userId: invitations.userId,
      email: users.email,
      locale: users.locale,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      hasPassword: isNotNull(users.passwordHash),
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))

/** An invitation with its student, for its e-mail. */
export async function findInvitationToSend(db: Db, invitationId: string) {
  const [row] = await withStudent(db).where(eq(invitations.id, invitationId))
  return row
}

/** The link the e-mail carries: its token's hash replaces the one before. */
export async function setInvitationToken(db: Db, invitationId: string, tokenHash: string): Promise<void> {
  await db.update(invitations).set({ tokenHash }).where(eq(invitations.id, invitationId))
}

export async function markInvitationSent(db: Db, invitationId: string, now: Date): Promise<void> {
  await db.update(invitations).set({ sentAt: now }).where(eq(invitations.id, invitationId))
}

/** A student's latest invitation not used yet, with whether its e-mail went out. */
export async function findOpenInvitation(db: Db, userId: string) {
  const [row] = await db
    .select({ id: invitations.id, sentAt: invitations.sentAt })
    .from(invitations)
    .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)))
    .orderBy(desc(invitations.createdAt))
    .limit(1)
  return row
}

/** An invitation by its token's hash, whatever its state, with whether its student has a password. */
export async function findInvitation(db: Db, tokenHash: string) {
  const [row] = await withStudent(db).where(eq(invitations.tokenHash, tokenHash))
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

/**
 * Every student invited who has not set a password, with their latest invitation: newest first.
 * `sentAt` null: its e-mail waits in the mail outbox.
 */
export async function findAwaitingInvitations(db: Db) {
  const latest = await db
    .selectDistinctOn([invitations.userId], {
      email: users.email,
      createdAt: invitations.createdAt,
      sentAt: invitations.sentAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(and(isNull(invitations.acceptedAt), ...awaitingPassword))
    .orderBy(invitations.userId, desc(invitations.createdAt))
  return latest.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
}
