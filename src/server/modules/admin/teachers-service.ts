import type { AdminTeacher } from '../../../domain/api/admin-teachers.ts'
import { formatPolandDate } from '../../../domain/poland-time.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { teacherRejectedMail } from '../../platform/mail-templates.ts'
import type { User } from '../../platform/sessions.ts'
import { revokeUserSessions } from '../../platform/sessions-repository.ts'
import { LIMIT_BOUNDS, lessonLimits } from '../lessons/public.ts'
import { markLearncube, setVideoProvider } from '../room/public.ts'
import { updateUser } from '../users/public.ts'
import { type AuditActor, writeAudit } from './audit-repository.ts'
import { OpsFieldError } from './field-errors.ts'
import { adminTeachers } from './teachers-dto.ts'
import {
  countFutureLessons,
  DEACTIVATE_ACTION,
  findTeacher,
  findTeachers,
  latestDeactivations,
  lockTeacher,
  REJECT_ACTION,
  type TeacherFilter,
} from './teachers-repository.ts'

// The console's Teachers. Each change is one transaction with its audit entry; the CLI could call
// these as they are (they take the actor). Decisions: docs/decisions.md "The console's Teachers and
// Students".

type Ctx = Pick<AppContext, 'db' | 'clock' | 'fileUrls' | 'mailer' | 'log' | 'config' | 'changes'>

export async function listTeachers(ctx: Ctx, filter: TeacherFilter) {
  const { rows, more } = await findTeachers(ctx.db, filter)
  return { items: await adminTeachers(ctx, rows), more }
}

async function teacherItem(ctx: Ctx, teacherId: string): Promise<AdminTeacher> {
  const teacher = await findTeacher(ctx.db, teacherId)
  if (!teacher) throw new OpsFieldError('teacher_id', `No teacher ${teacherId}.`)
  const [item] = await adminTeachers(ctx, [teacher])
  if (!item) throw new Error('the teacher vanished')
  return item
}

const noTeacher = (teacherId: string) => new OpsFieldError('teacher_id', `No teacher ${teacherId}.`)

/** One status change of a teacher, locked, checked by `allowed`, audited in its transaction. */
async function changeStatus(
  ctx: Ctx,
  teacherId: string,
  actor: AuditActor,
  change: {
    action: string
    check: (teacher: User, tx: Db) => Promise<void>
    next: (teacher: User) => User['status']
    note?: Record<string, unknown>
  },
): Promise<User> {
  const now = ctx.clock.now()
  const teacher = await ctx.db.transaction(async (tx) => {
    const before = await lockTeacher(tx, teacherId)
    if (!before) throw noTeacher(teacherId)
    await change.check(before, tx)
    const status = change.next(before)
    await updateUser(tx, before.id, { status, updatedAt: now })
    // A teacher who may not work now is signed out everywhere (their sessions end, not only pause).
    if (status !== 'active') await revokeUserSessions(tx, before.id, now)
    await writeAudit(
      tx,
      actor,
      {
        action: change.action,
        targetType: 'user',
        targetId: before.id,
        before: { status: before.status },
        after: { status, ...change.note },
      },
      now,
    )
    return before
  })
  // The board (search, timetables) drops or takes back the teacher, the session cache the row.
  ctx.changes.publish({ kind: 'teacher', id: teacher.id }, { kind: 'user', id: teacher.id })
  return teacher
}

/**
 * product-rules.md "Sign-in and account states": "Teacher accounts await verification": an operator
 * may turn one down instead, with a reason e-mailed in the teacher's locale. The account becomes
 * inactive (sign-in answers "The account is inactive"); the e-mail address stays taken.
 */
export async function rejectTeacher(
  ctx: Ctx,
  teacherId: string,
  reason: string,
  actor: AuditActor,
): Promise<{ teacher: AdminTeacher; mailSent: boolean }> {
  const teacher = await changeStatus(ctx, teacherId, actor, {
    action: REJECT_ACTION,
    check: async (t) => {
      if (t.status !== 'pending_verification')
        throw new OpsFieldError('teacher_id', `${t.email} is not awaiting verification.`)
    },
    next: () => 'inactive',
    note: { reason },
  })
  let mailSent = true
  try {
    await ctx.mailer.send(teacherRejectedMail(teacher.email, teacher.locale, reason))
  } catch (error) {
    ctx.log.error({ err: error, to: teacher.email }, 'the rejection e-mail could not be sent')
    mailSent = false
  }
  return { teacher: await teacherItem(ctx, teacherId), mailSent }
}

/**
 * A verified teacher stops teaching. The spec says nothing of their lessons ahead, so a teacher
 * with any (not cancelled, not ended) is refused until those are cancelled on their behalf.
 */
export async function deactivateTeacher(ctx: Ctx, teacherId: string, actor: AuditActor) {
  await changeStatus(ctx, teacherId, actor, {
    action: DEACTIVATE_ACTION,
    check: async (t, tx) => {
      if (t.status === 'pending_verification')
        throw new OpsFieldError('teacher_id', `${t.email} awaits verification: reject them instead.`)
      if (t.status !== 'active') throw new OpsFieldError('teacher_id', `${t.email} is already deactivated.`)
      const [ahead] = await countFutureLessons(tx, [t.id], ctx.clock.now())
      if (ahead && ahead.future > 0) {
        throw new OpsFieldError(
          'teacher_id',
          `${t.email} has ${ahead.future} lesson(s) ahead (the first on ${formatPolandDate(ahead.first)}): cancel them first.`,
        )
      }
    },
    next: () => 'inactive',
  })
  return teacherItem(ctx, teacherId)
}

/** Undoes a deactivation; a rejected teacher goes back to awaiting verification instead. */
export async function reactivateTeacher(ctx: Ctx, teacherId: string, actor: AuditActor) {
  let rejected = false
  await changeStatus(ctx, teacherId, actor, {
    action: 'teacher.reactivate',
    check: async (t, tx) => {
      if (t.status !== 'inactive') throw new OpsFieldError('teacher_id', `${t.email} is not deactivated.`)
      const [latest] = await latestDeactivations(tx, [t.id])
      rejected = latest?.action === REJECT_ACTION
    },
    next: () => (rejected ? 'pending_verification' : 'active'),
  })
  return teacherItem(ctx, teacherId)
}

export type TeacherChanges = {
  monthlyCap?: number | null
  videoProvider?: 'builtin' | 'vonage' | null
  learncube?: boolean
}

/**
 * The monthly cap, video provider and LearnCube of a teacher, through the services of `ops
 * lesson-limits`, `ops video-provider` and `ops learncube` (each audited in its own transaction).
 * Every value is checked before the first is written.
 */
export async function updateTeacher(ctx: Ctx, teacherId: string, changes: TeacherChanges, actor: AuditActor) {
  const teacher = await findTeacher(ctx.db, teacherId)
  if (!teacher) throw noTeacher(teacherId)
  const { monthlyCap, videoProvider, learncube } = changes
  const { min, max } = LIMIT_BOUNDS.monthlyCap
  if (monthlyCap !== undefined && monthlyCap !== null && (monthlyCap < min || monthlyCap > max))
    throw new OpsFieldError('monthly_cap', `A whole number of lessons from ${min} to ${max}, or none.`)
  if (videoProvider === 'vonage' && !ctx.config.video.vonage)
    throw new OpsFieldError('video_provider', 'Vonage is not configured on this server.')
  if (learncube === true && !ctx.config.video.learncube)
    throw new OpsFieldError('learncube', 'LearnCube is not configured on this server.')
  if (monthlyCap !== undefined) await lessonLimits(ctx, teacher.email, { monthlyCap }, actor)
  if (videoProvider !== undefined) await setVideoProvider(ctx, teacher.email, videoProvider, actor)
  if (learncube !== undefined) await markLearncube(ctx, { teacherEmail: teacher.email }, learncube, actor)
  return teacherItem(ctx, teacherId)
}
