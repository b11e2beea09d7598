import type { AdminStudent } from '../../../domain/api/admin-students.ts'
import { polandDateKey } from '../../../domain/poland-time.ts'
import type { Db } from '../../db/client.ts'
import type { User } from '../../platform/sessions.ts'
import { latestInvitations } from './students-repository.ts'

// The console's view of a student: access fields, warning and ban, scheduled-lessons limit
// (product-rules.md "Records and fields", "Warning and ban", "Scheduled lessons limit"), and where
// their invitation stands.

type Invitation = Awaited<ReturnType<typeof latestInvitations>>[number]

function invitationOf(user: User, invitation: Invitation | undefined, now: Date): AdminStudent['invitation'] {
  if (!invitation) return { state: 'none', sent_at: null, expires_at: null }
  const state =
    invitation.acceptedAt !== null || user.passwordHash !== null
      ? 'accepted'
      : invitation.expiresAt <= now
        ? 'expired'
        : 'pending'
  return {
    state,
    sent_at: invitation.sentAt?.toISOString() ?? null,
    expires_at: invitation.expiresAt.toISOString(),
    // Its e-mail waits in the mail outbox (platform/mail-outbox.ts): sent late, or sent again now.
    mail_pending: state === 'pending' && invitation.sentAt === null,
  }
}

/** The console's items of these students, in their order. */
export async function adminStudents(db: Db, rows: User[], now: Date): Promise<AdminStudent[]> {
  const invitations = await latestInvitations(
    db,
    rows.map((row) => row.id),
  )
  const today = polandDateKey(now)
  return rows.map((user) => ({
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    status: user.status === 'pending_verification' ? 'inactive' : user.status,
    locale: user.locale,
    created_at: user.createdAt.toISOString(),
    registration_completed: user.registrationCompleted,
    human_access: user.humanAccess,
    ai_access: user.aiAccess,
    only_group_lessons: user.onlyGroupLessons,
    active_until: user.activeUntil,
    expired: user.activeUntil !== null && user.activeUntil < today,
    company_name: user.companyName,
    warned_at: user.warnedAt?.toISOString() ?? null,
    banned_until: user.bannedUntil && user.bannedUntil > now ? user.bannedUntil.toISOString() : null,
    scheduled_lessons_limit: user.scheduledLessonsLimit,
    invitation: invitationOf(
      user,
      invitations.find((i) => i.userId === user.id),
      now,
    ),
  }))
}
