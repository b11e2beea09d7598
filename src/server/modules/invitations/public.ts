// What other modules may use of invitations (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { invitationMail } from './invitation-mail.ts'
export { awaitsPassword, type InvitedStudent, markInvitationsUsed } from './repository.ts'
export { inviteStudent, resendInvitation } from './service.ts'
