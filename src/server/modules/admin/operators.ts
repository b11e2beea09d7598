import type { Locale } from '../../../domain/constants.ts'
import type { ServiceContext } from '../../context.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { OpsError } from '../../platform/errors.ts'
import { operatorInvitationMail } from '../../platform/mail-templates.ts'
import { newToken } from '../../platform/tokens.ts'
import { replaceResetToken } from '../auth/repository.ts'
import { findUserByEmail, insertUser } from '../users/repository.ts'
import { type AuditActor, writeAudit } from './audit.ts'

// `npm run ops -- create-operator EMAIL`: operators are never signed up. The account is
// active without a password; the e-mailed link is a password-reset token (the reset page sets the
// password), valid 7 days. Running it again for an operator who has no password yet resends a link.

const OPERATOR_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

export async function createOperator(
  ctx: ServiceContext,
  input: { email: string; locale: Locale },
  actor: AuditActor,
): Promise<{ expiresAt: Date; resent: boolean }> {
  const now = ctx.clock.now()
  const expiresAt = new Date(now.getTime() + OPERATOR_LINK_TTL_MS)
  const { token, hash } = newToken()
  const inUse = () => new OpsError(`${input.email} is already in use by another account.`)
  let resent = false
  try {
    await ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, input.email)
      if (existing && !(existing.role === 'operator' && existing.passwordHash === null)) throw inUse()
      resent = existing !== undefined
      const user =
        existing ??
        (await insertUser(tx, {
          email: input.email,
          role: 'operator',
          status: 'active',
          registrationCompleted: true,
          locale: input.locale,
        }))
      await replaceResetToken(tx, user.id, hash, expiresAt)
      if (!existing) {
        await writeAudit(
          tx,
          actor,
          {
            action: 'operator.create',
            targetType: 'user',
            targetId: user.id,
            before: null,
            after: { email: user.email, role: 'operator', locale: user.locale },
          },
          now,
        )
      }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw inUse()
    throw error
  }
  const link = `${ctx.config.publicUrl}/password-reset/new?token=${token}`
  try {
    await ctx.mailer.send(operatorInvitationMail(input.email, input.locale, link))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new OpsError(
      `The operator account was created but its e-mail could not be sent (${reason}). Run create-operator again to resend it.`,
    )
  }
  return { expiresAt, resent }
}
