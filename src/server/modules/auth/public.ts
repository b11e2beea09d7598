// What other modules may use of auth (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { replaceResetToken } from './repository.ts'
export { operatorInvitationMails, resetMail } from './reset-mail.ts'
export { startSession } from './sign-in.ts'
