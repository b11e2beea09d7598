import type { OwnProfile } from '../../../domain/api/profile.ts'
import type { AppContext, ServiceContext } from '../../context.ts'
import { AppError, OpsError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { type AuditActor, writeAudit } from '../admin/public.ts'
import { countAllowedStudents } from '../teachers/public.ts'
import { toProfile } from './profile-dto.ts'
import {
  activatePendingTeacher,
  findPendingTeachers,
  findUserByEmail,
  findUserById,
  findUserLanguages,
} from './repository.ts'

/** GET /students/me, /teachers/me: the profile with signed URLs of the user's own files. */
export async function ownProfile(ctx: Pick<AppContext, 'db' | 'fileUrls'>, user: User): Promise<OwnProfile> {
  const [languages, teacherStudents] = await Promise.all([
    findUserLanguages(ctx.db, user.id),
    // `teacher_students` (product-rules.md "Records and fields"): the count of the teacher's
    // approved (allowed) students.
    user.role === 'teacher' ? countAllowedStudents(ctx.db, user.id) : Promise.resolve(null),
  ])
  return toProfile(user, languages, ctx.fileUrls, teacherStudents)
}

/** The profile as it is now (after an update), read afresh. */
export async function currentProfile(
  ctx: Pick<AppContext, 'db' | 'fileUrls'>,
  userId: string,
): Promise<OwnProfile> {
  const user = await findUserById(ctx.db, userId)
  if (!user) throw new AppError('not_found')
  return ownProfile(ctx, user)
}

/** product-rules.md "Validation": "This email is already in use" is checked through the server. */
export async function assertEmailAvailable(
  ctx: Pick<AppContext, 'db' | 'limiters'>,
  email: string,
  ip: string,
): Promise<void> {
  await ctx.limiters.validateEmailPerIp.consume(ip)
  if (await findUserByEmail(ctx.db, email)) throw new AppError('email_taken')
}

export type PendingTeacher = {
  email: string
  first_name: string | null
  last_name: string | null
  created_at: string
}

export async function listPendingTeachers(ctx: Pick<ServiceContext, 'db'>): Promise<PendingTeacher[]> {
  const teachers = await findPendingTeachers(ctx.db)
  return teachers.map((t) => ({
    email: t.email,
    first_name: t.firstName,
    last_name: t.lastName,
    created_at: t.createdAt.toISOString(),
  }))
}

/**
 * product-rules.md "Sign-in and account states": "Teacher accounts await verification before login
 * works"; an operator verifies them, and the teacher hears of it by e-mail in their locale.
 * `mailed` is false when that e-mail could not be sent (the verification stands; the operator is
 * told).
 */
export async function verifyTeacher(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'mail' | 'mailer' | 'changes'>,
  email: string,
  actor: AuditActor,
): Promise<{ email: string; alreadyVerified: boolean; mailError: string | null }> {
  const user = await findUserByEmail(ctx.db, email)
  if (!user) throw new OpsError(`No account with the e-mail ${email}.`)
  if (user.role !== 'teacher') throw new OpsError(`${user.email} is a ${user.role}, not a teacher.`)
  if (user.status === 'active') return { email: user.email, alreadyVerified: true, mailError: null }
  if (user.status !== 'pending_verification') {
    throw new OpsError(`${user.email} is ${user.status}, not awaiting verification.`)
  }
  const activated = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now()
    const done = await activatePendingTeacher(tx, user.id, now)
    if (done) {
      // Owed from the commit: sent below, or by its job if this process cannot (users/teacher-mails.ts).
      await ctx.mail.add(tx, [{ kind: 'teacher-verified', ref: user.id }])
      // Audited in the change's transaction.
      await writeAudit(
        tx,
        actor,
        {
          action: 'teacher.verify',
          targetType: 'user',
          targetId: user.id,
          before: { status: user.status, verified_at: null },
          after: { status: done.status, verified_at: done.verifiedAt?.toISOString() ?? null },
        },
        now,
      )
    }
    return done
  })
  ctx.changes.publish({ kind: 'teacher', id: user.id }, { kind: 'user', id: user.id })
  // Another operator may have verified the teacher between the read and the update.
  if (!activated) return { email: user.email, alreadyVerified: true, mailError: null }
  const delivery = await ctx.mail.deliver({ kind: 'teacher-verified', ref: user.id }, ctx.mailer)
  return {
    email: user.email,
    alreadyVerified: false,
    mailError: delivery.outcome === 'failed' ? delivery.reason : null,
  }
}
