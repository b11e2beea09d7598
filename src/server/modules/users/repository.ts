import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  studentLearnedLanguages,
  teacherSpecializations,
  teacherTaughtLanguages,
  teacherTeachingLanguages,
  users,
} from '../../db/schema.ts'
import type { User } from '../../platform/sessions.ts'

/** E-mails are unique case-insensitively (index users_email_key on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return user
}

export type UserValues = typeof users.$inferInsert
export type UserChanges = Partial<Omit<UserValues, 'id' | 'email' | 'role' | 'createdAt'>>

export async function findUserById(db: Db, userId: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  return user
}

/** An active (for a teacher: verified) account of `role`; invited, pending and inactive ones are not. */
export async function findActiveUser(db: Db, userId: string, role: User['role']): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, role), eq(users.status, 'active')))
    .limit(1)
  return user
}

/** The user's row, locked until the transaction ends (its file keys are replaced safely). */
export async function lockUser(db: Db, userId: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).for('update')
  return user
}

export async function insertUser(db: Db, values: UserValues): Promise<User> {
  const [user] = await db.insert(users).values(values).returning()
  if (!user) throw new Error('insert returned no row')
  return user
}

/** The caller publishes `{ kind: 'user' }` once committed: a session cache holds the row. */
export async function updateUser(db: Db, userId: string, changes: UserChanges): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId))
}

export async function setPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId))
}

/**
 * Teacher languages payload and student learned languages (product-rules.md "Records and fields"),
 * for the profile. The queries run one after another so the function is also safe inside a
 * transaction (one connection).
 */
export async function findUserLanguages(db: Db, userId: string) {
  const taught = await db
    .select({ language_id: teacherTaughtLanguages.languageId, level_id: teacherTaughtLanguages.levelId })
    .from(teacherTaughtLanguages)
    .where(eq(teacherTaughtLanguages.teacherId, userId))
    .orderBy(asc(teacherTaughtLanguages.languageId))
  const teaching = await db
    .select({ language_id: teacherTeachingLanguages.languageId })
    .from(teacherTeachingLanguages)
    .where(eq(teacherTeachingLanguages.teacherId, userId))
    .orderBy(asc(teacherTeachingLanguages.languageId))
  const specializations = await db
    .select({
      specialization_id: teacherSpecializations.specializationId,
      language_id: teacherSpecializations.languageId,
    })
    .from(teacherSpecializations)
    .where(eq(teacherSpecializations.teacherId, userId))
    .orderBy(asc(teacherSpecializations.languageId), asc(teacherSpecializations.specializationId))
  const learned = await db
    .select({ language_id: studentLearnedLanguages.languageId })
    .from(studentLearnedLanguages)
    .where(eq(studentLearnedLanguages.studentId, userId))
    .orderBy(asc(studentLearnedLanguages.languageId))
  return { taught, teaching: teaching.map((row) => row.language_id), specializations, learned }
}

export async function findPendingTeachers(db: Db): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, 'teacher'), eq(users.status, 'pending_verification')))
    .orderBy(asc(users.createdAt), asc(users.email))
}

/** Activates a teacher awaiting verification; undefined when there was none to activate. */
export async function activatePendingTeacher(db: Db, userId: string, now: Date): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ status: 'active', verifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, 'pending_verification')))
    .returning()
  return user
}
