import { and, eq, gt, isNull } from 'drizzle-orm'
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

export async function insertInvitedStudent(db: Db, student: InvitedStudent): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ ...student, role: 'student', status: 'invited' })
    .returning()
  if (!user) throw new Error('insert returned no row')
  return user
}

/** A repeated invitation of a student who has not accepted yet updates what the operator granted. */
export async function updateInvitedStudent(db: Db, userId: string, student: InvitedStudent, now: Date) {
  const [user] = await db
    .update(users)
    .set({ ...student, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, 'invited')))
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

/** Marks a live invitation accepted and returns its user; a second use finds nothing. */
export async function consumeInvitation(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ userId: invitations.userId })
  return row?.userId
}

export async function activateInvitedStudent(db: Db, userId: string, now: Date): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ status: 'active', updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.role, 'student'), eq(users.status, 'invited')))
    .returning()
  return user
}
