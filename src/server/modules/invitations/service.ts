import type { AuthRecord } from '../../../domain/api/auth.ts'
import type { ServiceContext } from '../../context.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { AppError, OpsError } from '../../platform/errors.ts'
import { delivered } from '../../platform/mail-outbox.ts'
import { hashToken, newToken } from '../../platform/tokens.ts'
import { type AuditActor, CLI_ACTOR, writeAudit } from '../admin/public.ts'
import { startSession } from '../auth/public.ts'
import { findUserByEmail } from '../users/public.ts'
import {
  activateInvitedStudent,
  awaitsPassword,
  findInvitation,
  findOpenInvitation,
  type InvitedStudent,
  insertInvitedStudent,
  replaceInvitation,
  updateInvitedStudent,
} from './repository.ts'

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

/**
 * An operator invites a student (ops CLI, the console): the account waits as 'invited' until the
 * e-mailed link is opened. Inviting again a student who has not set a password yet sends a fresh
 * link (the old one stops working); any other account with the address is an error. The e-mail's
 * job is added in the invitation's transaction and the e-mail sent right after the commit; if that
 * fails, the job sends it later (platform/mail-outbox.ts).
 */
export async function inviteStudent(
  ctx: ServiceContext,
  student: InvitedStudent,
  actor: AuditActor = CLI_ACTOR,
): Promise<{ expiresAt: Date }> {
  const now = ctx.clock.now()
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS)
  const inUse = () => new OpsError(`${student.email} is already in use by another account.`)
  let invitationId: string
  try {
    invitationId = await ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, student.email)
      if (existing && !awaitsPassword(existing)) throw inUse()
      const user = existing
        ? await updateInvitedStudent(tx, existing.id, student, now)
        : await insertInvitedStudent(tx, student)
      if (!user) throw inUse()
      // The link's token is made when the e-mail goes (invitation-mail.ts).
      const id = await replaceInvitation(tx, user.id, newToken().hash, expiresAt)
      await ctx.mail.add(tx, [{ kind: 'student-invitation', ref: id }])
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
      return id
    })
  } catch (error) {
    // Two invitations of one new address at once: the unique e-mail index lets one through.
    if (isUniqueViolation(error)) throw inUse()
    throw error
  }
  const delivery = await ctx.mail.deliver({ kind: 'student-invitation', ref: invitationId }, ctx.mailer)
  if (delivery.outcome === 'failed') {
    throw new OpsError(
      `The invitation was created but its e-mail could not be sent (${delivery.reason}). A running server sends it by itself, retrying; until then the student shows as pending (npm run ops -- invitations).`,
    )
  }
  return { expiresAt }
}

/**
 * The invitation e-mail of a student whose latest invitation has not gone out yet, sent now (the
 * console's "send again"). Its job is added again; a second press while it is sent or after it
 * went sends nothing more, as the outbox sends one invitation once. `mailSent` says whether the
 * student has it (or is being sent it).
 */
export async function resendInvitation(
  ctx: ServiceContext,
  email: string,
  actor: AuditActor,
): Promise<{ mailSent: boolean }> {
  const invitationId = await ctx.db.transaction(async (tx) => {
    const student = await findUserByEmail(tx, email)
    const invitation =
      student && awaitsPassword(student) ? await findOpenInvitation(tx, student.id) : undefined
    if (!student || !invitation) throw new OpsError(`${email} has no invitation waiting to be sent.`)
    if (invitation.sentAt !== null) return null
    await ctx.mail.add(tx, [{ kind: 'student-invitation', ref: invitation.id }])
    await writeAudit(
      tx,
      actor,
      {
        action: 'student.invitation_resend',
        targetType: 'user',
        targetId: student.id,
        before: { invitation_sent_at: null },
        after: null,
      },
      ctx.clock.now(),
    )
    return invitation.id
  })
  if (invitationId === null) return { mailSent: true }
  return {
    mailSent: delivered(
      await ctx.mail.deliver({ kind: 'student-invitation', ref: invitationId }, ctx.mailer),
    ),
  }
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
