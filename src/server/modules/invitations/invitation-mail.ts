import type { Config } from '../../config.ts'
import type { MailComposer } from '../../platform/mail-outbox.ts'
import { studentInvitationMail } from '../../platform/mail-templates.ts'
import { newToken } from '../../platform/tokens.ts'
import { findInvitationToSend, markInvitationSent, setInvitationToken } from './repository.ts'

/**
 * A student's invitation e-mail, through the mail outbox. Its link's token is made as it is sent and
 * only its hash is kept, so no token waits in the database in the clear; an invitation replaced,
 * used or expired meanwhile is no longer sent.
 */
export function invitationMail(config: Pick<Config, 'publicUrl'>): MailComposer {
  return {
    async compose(tx, invitationId, now) {
      const invitation = await findInvitationToSend(tx, invitationId)
      if (!invitation || invitation.acceptedAt !== null || invitation.hasPassword) return null
      if (invitation.expiresAt <= now) return null
      const { token, hash } = newToken()
      await setInvitationToken(tx, invitationId, hash)
      const link = `${config.publicUrl}/invitation?token=${token}`
      return studentInvitationMail(invitation.email, invitation.locale, link)
    },
    sent: (tx, invitationId, now) => markInvitationSent(tx, invitationId, now),
  }
}
