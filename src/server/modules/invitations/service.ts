import type { AuthRecord } from '../../../domain/api/auth.ts'
import type { ServiceContext } from '../../context.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { AppError, OpsError } from '../../platform/errors.ts'
import { studentInvitationMail } from '../../platform/mail-templates.ts'
import { hashToken, newToken } from '../../platform/tokens.ts'
import { type AuditActor, CLI_ACTOR, writeAudit } from '../admin/audit.ts'
import { startSession } from '../auth/sign-in.ts'
import { findUserByEmail } from '../users/repository.ts'
import {
  activateInvitedStudent,
  awaitsPassword,
  findInvitation,
  type InvitedStudent,
  insertInvitedStudent,
  replaceInvitation,
  updateInvitedStudent,
} from './repository.ts'

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

/**
 * An operator invites a student (ops CLI): the account waits as 'invited' until the e-mailed link
 * is opened. Inviting again a student who has not set a password yet sends a fresh link (the old
 * one stops working); any other account with the address is an error.
 */
export async function inviteStudent(
  ctx: ServiceContext,
  student: InvitedStudent,
  actor: AuditActor = CLI_ACTOR,
): Promise<{ expiresAt: Date }> {
  const now = ctx.clock.now()
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS)
  const { token, hash } = newToken()
  const inUse = () => new OpsError(`${student.email} is already in use by another account.`)
  try {
    await ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, student.email)
      if (existing && !awaitsPassword(existing)) throw inUse()
      const user = existing
        ? await updateInvitedStudent(tx, existing.id, student, now)
        : await insertInvitedStudent(tx, student)
      if (!user) throw inUse()
      await replaceInvitation(tx, user.id, hash, expiresAt)
      // Audited in the change's transaction.
      await writeAudit(
        tx,
        actor,
        {
          action: 'student.invite',
          targetType: 'user',
          targetId: user.id,
          before: existing ? { status: existing.status } : null,
          after: {
            email: student.email,
            human_access: student.humanAccess,
            ai_access: student.aiAccess,
            only_group_lessons: student.onlyGroupLessons,
            company_name: student.companyName,
            active_until: student.activeUntil,
            locale: student.locale,
          },
        },
        now,
      )
    })
  } catch (error) {
    // Two invitations of one new address at once: the unique e-mail index lets one through.
    if (isUniqueViolation(error)) throw inUse()
    throw error
  }
  const link = `${ctx.config.publicUrl}/invitation?token=${token}`
  try {
    await ctx.mailer.send(studentInvitationMail(student.email, student.locale, link))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new OpsError(
      `The invitation was created but its e-mail could not be sent (${reason}). Run invite-student again to resend it.`,
    )
  }
  return { expiresAt }
}

/**
 * POST /students/accept_invitation: activates the student and signs them in to register.
 * The link works again (another session) until the student sets a password or it
 * expires; a used or expired link says which (`params.reason`), so the page can say what to do.
 */
export async function acceptInvitation(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'config'>,
  token: string,
): Promise<AuthRecord> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const invitation = await findInvitation(tx, hashToken(token))
    if (!invitation) throw new AppError('invitation_invalid')
    if (invitation.acceptedAt !== null || invitation.hasPassword) {
      throw new AppError('invitation_invalid', { params: { reason: 'used' } })
    }
    if (invitation.expiresAt <= now)
      throw new AppError('invitation_invalid', { params: { reason: 'expired' } })
    // A student deactivated meanwhile cannot use the link.
    const student = await activateInvitedStudent(tx, invitation.userId, now)
    if (!student) throw new AppError('invitation_invalid')
    return startSession({ ...ctx, db: tx }, student, false)
  })
}
