import type { Locale } from '../../../domain/constants.ts'
import type { Config } from '../../config.ts'
import type { MailMessage } from '../../platform/mail.ts'
import type { MailComposer } from '../../platform/mail-outbox.ts'
import { operatorInvitationMail, resetPasswordMail } from '../../platform/mail-templates.ts'
import { newToken } from '../../platform/tokens.ts'
import { findResetToSend, setResetToken } from './repository.ts'

type Template = (to: string, locale: Locale, link: string) => MailMessage

/**
 * An e-mail carrying a password-reset link, through the mail outbox (`ref`: the link's row). Its
 * token is made as it is sent (only the hash is kept); a link replaced by a newer one, used or
 * expired meanwhile is not sent.
 */
function resetLinkMail(config: Pick<Config, 'publicUrl'>, template: Template): MailComposer {
  return {
    async compose(tx, resetId, now) {
      const reset = await findResetToSend(tx, resetId, now)
      if (!reset) return null
      const { token, hash } = newToken()
      await setResetToken(tx, resetId, hash)
      return template(reset.email, reset.locale, `${config.publicUrl}/password-reset/new?token=${token}`)
    },
  }
}

/** The link a user asked for to set a new password. */
export const resetMail = (config: Pick<Config, 'publicUrl'>) => resetLinkMail(config, resetPasswordMail)

/** A new operator's link to set their first password (`ops create-operator`). */
export const operatorInvitationMails = (config: Pick<Config, 'publicUrl'>) =>
  resetLinkMail(config, operatorInvitationMail)
