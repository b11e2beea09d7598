import type { TestApp } from './build-test-app.ts'
import { createUser } from './fixtures.ts'

// The console's Teachers and Students in the fuzz world: accounts of their own, so the
// fuzz's writes (deactivation, access, limits) never touch the world's student and teacher.

export type AdminPeople = {
  /** Awaits verification: the one rejected. */
  teacherToReject: string
  /** Active, with no lessons: updated, deactivated, then reactivated. */
  teacherToRun: string
  /** Warned and banned: their ban is lifted, then their warning cleared. */
  studentToRun: string
}

export async function adminPeopleWorld(t: TestApp): Promise<AdminPeople> {
  const db = t.database.db
  const now = t.clock.now().getTime()
  const toReject = await createUser(db, { role: 'teacher', status: 'pending_verification' })
  const toRun = await createUser(db, { role: 'teacher', firstName: 'Ewa', lastName: 'Lis' })
  const student = await createUser(db, {
    warnedAt: new Date(now - 86_400_000),
    bannedUntil: new Date(now + 14 * 86_400_000),
  })
  return { teacherToReject: toReject.id, teacherToRun: toRun.id, studentToRun: student.id }
}
