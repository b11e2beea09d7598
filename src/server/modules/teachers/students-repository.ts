import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { teacherStudents, users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'

// Allowed students (teacher_students, product-rules.md "Allowed students") and the students who
// have lessons with a teacher.

const studentColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
}

export type StudentRow = { id: string; email: string; firstName: string | null; lastName: string | null }

const byName = [asc(users.lastName), asc(users.firstName), asc(users.email)]

/** The ids of students with at least one lesson (any state) with the teacher. */
const lessonStudentIds = (db: Db, teacherId: string) =>
  db.select({ id: lessons.studentId }).from(lessons).where(eq(lessons.teacherId, teacherId))

export async function findAllowedStudents(db: Db, teacherId: string): Promise<StudentRow[]> {
  return db
    .select(studentColumns)
    .from(teacherStudents)
    .innerJoin(users, eq(users.id, teacherStudents.studentId))
    .where(eq(teacherStudents.teacherId, teacherId))
    .orderBy(...byName)
}

/**
 * Profile `teacher_students` (product-rules.md "Records and fields"): how many students the teacher
 * has approved.
 */
export async function countAllowedStudents(db: Db, teacherId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(teacherStudents)
    .where(eq(teacherStudents.teacherId, teacherId))
  return row?.count ?? 0
}

/** Distinct students with a lesson with the teacher, by last name and first name. */
export async function findStudentsWithLessons(db: Db, teacherId: string): Promise<StudentRow[]> {
  return db
    .select(studentColumns)
    .from(users)
    .where(and(eq(users.role, 'student'), inArray(users.id, lessonStudentIds(db, teacherId))))
    .orderBy(...byName)
}

/**
 * Of `emails` (lower-cased), the student accounts that are active or invited (a teacher adds
 * students by e-mail, with or without lessons yet; docs/decisions.md "A teacher adds students by
 * e-mail; students see plainly who will not take them").
 */
export async function findStudentsByEmail(db: Db, emails: string[]): Promise<StudentRow[]> {
  if (emails.length === 0) return []
  return db
    .select(studentColumns)
    .from(users)
    .where(
      and(
        // lower(email) is what users_email_key indexes.
        inArray(sql`lower(${users.email})`, emails),
        eq(users.role, 'student'),
        inArray(users.status, ['active', 'invited']),
      ),
    )
}

/**
 * Whether the student is one of the teacher's own: has or had a lesson with them (any state) or
 * is on their allowed list (docs/decisions.md "Who may open a student's profile").
 */
export async function isOwnStudent(db: Db, teacherId: string, studentId: string): Promise<boolean> {
  const [lesson, allowed] = await Promise.all([
    db
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.teacherId, teacherId), eq(lessons.studentId, studentId)))
      .limit(1),
    db
      .select({ id: teacherStudents.studentId })
      .from(teacherStudents)
      .where(and(eq(teacherStudents.teacherId, teacherId), eq(teacherStudents.studentId, studentId)))
      .limit(1),
  ])
  return lesson.length > 0 || allowed.length > 0
}

/** Replaces the teacher's allowed students; run it in the transaction that holds the teacher's lock. */
export async function replaceAllowedStudents(db: Db, teacherId: string, studentIds: string[]): Promise<void> {
  await db.delete(teacherStudents).where(eq(teacherStudents.teacherId, teacherId))
  if (studentIds.length === 0) return
  await db.insert(teacherStudents).values(studentIds.map((studentId) => ({ teacherId, studentId })))
}
