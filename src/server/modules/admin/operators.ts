import type { Locale } from '../../../domain/constants.ts'
import type { ServiceContext } from '../../context.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { OpsError } from '../../platform/errors.ts'
import { newToken } from '../../platform/tokens.ts'
import { replaceResetToken } from '../auth/public.ts'
import { findUserByEmail, insertUser, updateUser } from '../users/public.ts'
import { type AuditActor, writeAudit } from './audit-repository.ts'

// `npm run ops -- create-operator EMAIL`: operators are never signed up. The account is
// active without a password; the e-mailed link is a password-reset token (the reset page sets the
// password), valid 7 days. Running it again for an operator who has no password yet resends a link.

const OPERATOR_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

export async function createOperator(
  ctx: ServiceContext,
  input: { email: string; locale: Locale; firstName?: string | null; lastName?: string | null },
  actor: AuditActor,
): Promise<{ expiresAt: Date; resent: boolean }> {
  const now = ctx.clock.now()
  const expiresAt = new Date(now.getTime() + OPERATOR_LINK_TTL_MS)
  const inUse = () => new OpsError(`${input.email} is already in use by another account.`)
  let resent = false
  let linkId: string
  try {
    linkId = await ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, input.email)
      if (existing && !(existing.role === 'operator' && existing.passwordHash === null)) throw inUse()
      resent = existing !== undefined
      const name = {
        ...(input.firstName ? { firstName: input.firstName } : {}),
        ...(input.lastName ? { lastName: input.lastName } : {}),
      }
      if (existing && Object.keys(name).length > 0)
        await updateUser(tx, existing.id, { ...name, updatedAt: now })
      const user =
        existing ??
        (await insertUser(tx, {
          email: input.email,
          role: 'operator',
          status: 'active',
          registrationCompleted: true,
          locale: input.locale,
          ...name,
        }))
      // The link's token is made when the e-mail goes (auth/reset-mail.ts).
      const id = await replaceResetToken(tx, user.id, newToken().hash, expiresAt)
      await ctx.mail.add(tx, [{ kind: 'operator-invitation', ref: id }])
      if (!existing) {
        await writeAudit(
          tx,
          actor,
          {
            action: 'operator.create',
            targetType: 'user',
            targetId: user.id,
            before: null,
            after: {
              email: user.email,
              first_name: user.firstName,
              last_name: user.lastName,
              role: 'operator',
              locale: user.locale,
            },
          },
          now,
        )
      }
      return id
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw inUse()
    throw error
  }
  const delivery = await ctx.mail.deliver({ kind: 'operator-invitation', ref: linkId }, ctx.mailer)
  if (delivery.outcome === 'failed') {
    throw new OpsError(
      `The operator account was created but its e-mail could not be sent (${delivery.reason}). A running server sends it by itself, retrying; or run create-operator again to send a new link.`,
    )
  }
  return { expiresAt, resent }
}
