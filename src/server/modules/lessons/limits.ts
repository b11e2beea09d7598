import type { ServiceContext } from '../../context.ts'
import { OpsError } from '../../platform/errors.ts'
import { type AuditActor, writeAudit } from '../admin/public.ts'
import { findUserByEmail, updateUser } from '../users/public.ts'

// Operator command `lesson-limits`: a student's scheduled-lessons limit (product-rules.md
// "Scheduled lessons limit", default 2) and a teacher's monthly lesson cap (our reading of "maximum
// monthly income" in product-rules.md "Errors", docs/decisions.md; none by default).

export const LIMIT_BOUNDS = {
  scheduled: { min: 1, max: 50 },
  monthlyCap: { min: 1, max: 1000 },
} as const

export type LessonLimitChanges = { scheduled?: number; monthlyCap?: number | null }
export type LessonLimits = {
  email: string
  role: 'student' | 'teacher'
  scheduledLessonsLimit: number
  monthlyLessonCap: number | null
}

const within = (value: number, bounds: { min: number; max: number }) =>
  Number.isInteger(value) && value >= bounds.min && value <= bounds.max

function checkChanges(role: LessonLimits['role'], email: string, changes: LessonLimitChanges): void {
  const { scheduled, monthlyCap } = changes
  if (scheduled !== undefined) {
    if (role !== 'student') throw new OpsError(`${email} is a teacher: --scheduled applies to students.`)
    if (!within(scheduled, LIMIT_BOUNDS.scheduled)) {
      throw new OpsError('--scheduled must be a whole number of lessons from 1 to 50.')
    }
  }
  if (monthlyCap !== undefined) {
    if (role !== 'teacher') throw new OpsError(`${email} is a student: --monthly-cap applies to teachers.`)
    if (monthlyCap !== null && !within(monthlyCap, LIMIT_BOUNDS.monthlyCap)) {
      throw new OpsError('--monthly-cap must be a whole number of lessons from 1 to 1000, or none.')
    }
  }
}

/** Prints, and with changes first sets, the lesson limits of one account. */
export async function lessonLimits(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'changes'>,
  email: string,
  changes: LessonLimitChanges,
  actor: AuditActor,
): Promise<LessonLimits & { changed: boolean }> {
  const user = await findUserByEmail(ctx.db, email)
  if (!user) throw new OpsError(`No account with the e-mail ${email}.`)
  if (user.role === 'operator')
    throw new OpsError(`${user.email} is an operator: lesson limits apply to students and teachers.`)
  const role = user.role
  checkChanges(role, user.email, changes)
  const next = {
    scheduledLessonsLimit: changes.scheduled ?? user.scheduledLessonsLimit,
    monthlyLessonCap: changes.monthlyCap === undefined ? user.monthlyLessonCap : changes.monthlyCap,
  }
  const changed =
    next.scheduledLessonsLimit !== user.scheduledLessonsLimit ||
    next.monthlyLessonCap !== user.monthlyLessonCap
  if (changed) {
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now()
      await updateUser(tx, user.id, { ...next, updatedAt: now })
      await writeAudit(
        tx,
        actor,
        {
          action: 'user.lesson_limits',
          targetType: 'user',
          targetId: user.id,
          before: {
            scheduled_lessons_limit: user.scheduledLessonsLimit,
            monthly_lesson_cap: user.monthlyLessonCap,
          },
          after: {
            scheduled_lessons_limit: next.scheduledLessonsLimit,
            monthly_lesson_cap: next.monthlyLessonCap,
          },
        },
        now,
      )
    })
    ctx.changes.publish({ kind: 'user', id: user.id })
  }
  return { email: user.email, role, ...next, changed }
}
