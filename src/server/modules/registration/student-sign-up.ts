import type { StudentSignUp } from '../../../domain/api/registration.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import { hashPassword } from '../../platform/passwords.ts'
import type { User } from '../../platform/sessions.ts'
import { revokeOtherSessions } from '../../platform/sessions-repository.ts'
import { discardFiles, type StoredFile } from '../../platform/storage.ts'
import { markInvitationsUsed } from '../invitations/public.ts'
import { lockUser, updateUser } from '../users/public.ts'

// POST /students/sign_up: an invited student, signed in by accept_invitation, completes the three
// steps of the registration (product-rules.md "Screens and routes": details with a password,
// picture, agreements).

/** Only a registration that is still open can be completed (checked again in the transaction). */
export function assertRegistrationOpen(student: User): void {
  if (student.registrationCompleted) throw new AppError('registration_already_completed')
}

export async function completeStudentRegistration(
  ctx: Pick<AppContext, 'db' | 'clock' | 'storage' | 'log' | 'changes'>,
  caller: { user: User; token: string },
  input: StudentSignUp,
  image: StoredFile | undefined,
): Promise<void> {
  assertRegistrationOpen(caller.user)
  const passwordHash = await hashPassword(input.password)
  const now = ctx.clock.now()
  const replaced = await ctx.db.transaction(async (tx) => {
    const before = await lockUser(tx, caller.user.id)
    if (!before) throw new AppError('unauthenticated')
    // Two submissions at once: the second finds the registration completed.
    assertRegistrationOpen(before)
    await updateUser(tx, caller.user.id, {
      passwordHash,
      registrationCompleted: true,
      firstName: input.first_name,
      lastName: input.last_name,
      phoneNumber: input.phone_number,
      dateOfBirth: input.date_of_birth,
      userRulesAgreed: input.user_rules_agreed,
      voiceRecordingAgreed: input.voice_recording_agreed,
      commercialSmsConsent: input.commercial_sms_consent,
      commercialEmailConsent: input.commercial_email_consent,
      locale: input.locale,
      imageKey: image?.key,
      updatedAt: now,
    })
    // The invitation link has served its purpose once the password is set.
    await markInvitationsUsed(tx, caller.user.id, now)
    // The invitation's session continues; any other one (an older link) ends with the new password.
    await revokeOtherSessions(tx, caller.user.id, caller.token, now)
    return image ? before.imageKey : null
  })
  ctx.changes.publish({ kind: 'user', id: caller.user.id })
  await discardFiles(ctx, [replaced])
}
