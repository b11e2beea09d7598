import type { Config } from '../../config.ts'
import type { MailComposer } from '../../platform/mail-outbox.ts'
import { resetPasswordMail } from '../../platform/mail-templates.ts'
import { newToken } from '../../platform/tokens.ts'
import { findResetToSend, setResetToken } from './repository.ts'

/**
 * The password reset e-mail, through the mail outbox: its token is made as it is sent (only the
 * hash is kept); a link replaced by a newer request, used or expired meanwhile is not sent.
 */
export function resetMail(config: Pick<Config, 'publicUrl'>): MailComposer {
  return {
    async compose(tx, resetId, now) {
      const reset = await findResetToSend(tx, resetId, now)
      if (!reset) return null
      const { token, hash } = newToken()
      await setResetToken(tx, resetId, hash)
      return resetPasswordMail(
        reset.email,
        reset.locale,
        `${config.publicUrl}/password-reset/new?token=${token}`,
      )
    },
  }
}
