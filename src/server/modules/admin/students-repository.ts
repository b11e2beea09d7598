import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { STUDENT_FILTERS } from '../../../domain/api/admin-students.ts'
import type { Db } from '../../db/client.ts'
import { invitations, users } from '../../db/schema.ts'
import type { User } from '../../platform/sessions.ts'
import { containsPattern, nameOrEmailContains, pageOfUsers, userOfRole } from './people-repository.ts'

// The console's Students: the reads behind the list; the writes go through updateUser
// and the invitations' service.

export type StudentFilter = {
  status: (typeof STUDENT_FILTERS)[number]
  q: string | undefined
  company: string | undefined
  page: number
  perPage: number
}

/** The SQL of each filter at `now`, `today` being its Poland date (YYYY-MM-DD). */
function statusCondition(status: StudentFilter['status'], now: Date, today: string): SQL | undefined {
  const notBanned = or(isNull(users.bannedUntil), lte(users.bannedUntil, now))
  switch (status) {
    case 'all':
      return undefined
    case 'active':
      return and(
        eq(users.status, 'active'),
        or(isNull(users.activeUntil), sql`${users.activeUntil} >= ${today}`),
        notBanned,
      )
    case 'expired':
      return sql`${users.activeUntil} < ${today}`
    case 'banned':
      return gt(users.bannedUntil, now)
    case 'warned':
      return isNotNull(users.warnedAt)
    // Has not set a password since the invitation (invited, or opened the link only).
    case 'invited':
      return and(inArray(users.status, ['invited', 'active']), isNull(users.passwordHash))
    case 'deactivated':
      return eq(users.status, 'inactive')
  }
}

/** Newest accounts first; one row more than a page tells whether another page follows. */
export function findStudents(
  db: Db,
  filter: StudentFilter,
  now: Date,
  today: string,
): Promise<{ rows: User[]; more: boolean }> {
  return pageOfUsers(
    db,
    'student',
    [
      statusCondition(filter.status, now, today),
      filter.q ? nameOrEmailContains(filter.q) : undefined,
      filter.company ? sql`${users.companyName} ilike ${containsPattern(filter.company)}` : undefined,
    ],
    filter,
  )
}

export const findStudent = (db: Db, studentId: string) => userOfRole(db, 'student', studentId)

/** The student's row, locked until the transaction ends. */
export const lockStudent = (db: Db, studentId: string) => userOfRole(db, 'student', studentId, { lock: true })

/** The latest invitation of each of these users. */
export async function latestInvitations(db: Db, userIds: string[]) {
  if (userIds.length === 0) return []
  return db
    .selectDistinctOn([invitations.userId], {
      userId: invitations.userId,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      sentAt: invitations.sentAt,
    })
    .from(invitations)
    .where(inArray(invitations.userId, userIds))
    .orderBy(invitations.userId, desc(invitations.createdAt))
}

/**
 * Which of these (lower-case) addresses are students invited who have not set a password, with
 * whether their latest invitation's e-mail still waits to go out.
 */
export async function invitedEmails(
  db: Db,
  emails: string[],
): Promise<Map<string, { studentId: string; mailPending: boolean }>> {
  if (emails.length === 0) return new Map()
  const rows = await db
    .selectDistinctOn([users.id], {
      id: users.id,
      email: sql<string>`lower(${users.email})`,
      sentAt: invitations.sentAt,
    })
    .from(users)
    .innerJoin(invitations, and(eq(invitations.userId, users.id), isNull(invitations.acceptedAt)))
    .where(
      and(
        inArray(sql`lower(${users.email})`, emails),
        eq(users.role, 'student'),
        inArray(users.status, ['invited', 'active']),
        isNull(users.passwordHash),
      ),
    )
    .orderBy(users.id, desc(invitations.createdAt))
  return new Map(rows.map((row) => [row.email, { studentId: row.id, mailPending: row.sentAt === null }]))
}

/** Which of these (lower-case) addresses an account of any role uses. */
export async function takenEmails(db: Db, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set()
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails))
  return new Set(rows.map((row) => row.email))
}
