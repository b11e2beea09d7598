import type { AdminStudent } from '../../../domain/api/admin-students.ts'
import { polandDateKey } from '../../../domain/poland-time.ts'
import type { ServiceContext } from '../../context.ts'
import type { User } from '../../platform/sessions.ts'
import { LIMIT_BOUNDS, lessonLimits } from '../lessons/public.ts'
import { type UserChanges, updateUser } from '../users/public.ts'
import { type AuditActor, writeAudit } from './audit-repository.ts'
import { OpsFieldError } from './field-errors.ts'
import { adminStudents } from './students-dto.ts'
import { findStudent, findStudents, lockStudent, type StudentFilter } from './students-repository.ts'

// The console's Students: the list, access (human_access, ai_access, only_group_lessons,
// active_until; product-rules.md "Records and fields"), the scheduled-lessons limit
// (product-rules.md "Scheduled lessons limit") and the warning and ban (product-rules.md "Warning
// and ban"). Each change is one transaction with its audit entry; the CLI could call these as they
// are.

type Ctx = Pick<ServiceContext, 'db' | 'clock' | 'changes'>

export async function listStudents(ctx: Ctx, filter: StudentFilter) {
  const now = ctx.clock.now()
  const { rows, more } = await findStudents(ctx.db, filter, now, polandDateKey(now))
  return { items: await adminStudents(ctx.db, rows, now), more }
}

const noStudent = (studentId: string) => new OpsFieldError('student_id', `No student ${studentId}.`)

export async function studentItem(ctx: Ctx, studentId: string): Promise<AdminStudent> {
  const student = await findStudent(ctx.db, studentId)
  if (!student) throw noStudent(studentId)
  const [item] = await adminStudents(ctx.db, [student], ctx.clock.now())
  if (!item) throw new Error('the student vanished')
  return item
}

type Snapshot = Record<string, unknown>

/**
 * Changes one student's row: `change` reads the locked row and returns the columns to write with
 * the audit's before and after, or throws an OpsFieldError to refuse.
 */
async function changeStudent(
  ctx: Ctx,
  studentId: string,
  actor: AuditActor,
  action: string,
  change: (student: User, now: Date) => { set: UserChanges; before: Snapshot; after: Snapshot },
): Promise<AdminStudent> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now()
    const student = await lockStudent(tx, studentId)
    if (!student) throw noStudent(studentId)
    const { set, before, after } = change(student, now)
    await updateUser(tx, student.id, { ...set, updatedAt: now })
    await writeAudit(tx, actor, { action, targetType: 'user', targetId: student.id, before, after }, now)
  })
  ctx.changes.publish({ kind: 'user', id: studentId })
  return studentItem(ctx, studentId)
}

export type StudentChanges = {
  activeUntil?: string | null
  humanAccess?: boolean
  aiAccess?: boolean
  onlyGroupLessons?: boolean
  lessonLimit?: number
}

/**
 * Extends or ends a student's access: a later active_until (null: no end), today's date (the last
 * day they may book for) or a flag turned off. The lesson limit goes through `ops lesson-limits`'s
 * service, audited in its own transaction; every value is checked before the first is written.
 */
export async function updateStudent(
  ctx: Ctx,
  studentId: string,
  changes: StudentChanges,
  actor: AuditActor,
): Promise<AdminStudent> {
  const { lessonLimit, ...access } = changes
  const { min, max } = LIMIT_BOUNDS.scheduled
  if (lessonLimit !== undefined && (lessonLimit < min || lessonLimit > max))
    throw new OpsFieldError('lesson_limit', `A whole number of lessons from ${min} to ${max}.`)
  const student = await findStudent(ctx.db, studentId)
  if (!student) throw noStudent(studentId)
  if (Object.values(access).some((value) => value !== undefined)) {
    await changeStudent(ctx, studentId, actor, 'student.update', (s) => {
      const next = {
        activeUntil: access.activeUntil === undefined ? s.activeUntil : access.activeUntil,
        humanAccess: access.humanAccess ?? s.humanAccess,
        aiAccess: access.aiAccess ?? s.aiAccess,
        onlyGroupLessons: access.onlyGroupLessons ?? s.onlyGroupLessons,
      }
      const snapshot = (v: typeof next) => ({
        active_until: v.activeUntil,
        human_access: v.humanAccess,
        ai_access: v.aiAccess,
        only_group_lessons: v.onlyGroupLessons,
      })
      return { set: next, before: snapshot(s), after: snapshot(next) }
    })
  }
  if (lessonLimit !== undefined) await lessonLimits(ctx, student.email, { scheduled: lessonLimit }, actor)
  return studentItem(ctx, studentId)
}

/**
 * product-rules.md "Warning and ban": a banned student may sign in and book again at once; the
 * warning stays (its own action).
 */
export function liftBan(ctx: Ctx, studentId: string, actor: AuditActor): Promise<AdminStudent> {
  return changeStudent(ctx, studentId, actor, 'student.lift_ban', (s, now) => {
    if (!s.bannedUntil || s.bannedUntil <= now)
      throw new OpsFieldError('student_id', `${s.email} is not banned.`)
    return {
      set: { bannedUntil: null },
      before: { banned_until: s.bannedUntil.toISOString() },
      after: { banned_until: null },
    }
  })
}

/**
 * product-rules.md "Warning and ban": without the warning, the student's next late cancellation
 * warns again instead of banning.
 */
export function clearWarning(ctx: Ctx, studentId: string, actor: AuditActor): Promise<AdminStudent> {
  return changeStudent(ctx, studentId, actor, 'student.clear_warning', (s) => {
    if (!s.warnedAt) throw new OpsFieldError('student_id', `${s.email} has no warning.`)
    return {
      set: { warnedAt: null },
      before: { warned_at: s.warnedAt.toISOString() },
      after: { warned_at: null },
    }
  })
}
