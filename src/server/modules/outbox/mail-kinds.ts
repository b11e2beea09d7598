import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Jobs } from '../../platform/jobs.ts'
import type { Log } from '../../platform/logger.ts'
import type { Mailer } from '../../platform/mail.ts'
import { createMailOutbox, type MailOutbox } from '../../platform/mail-outbox.ts'
import { operatorInvitationMails, resetMail } from '../auth/public.ts'
import { invitationMail } from '../invitations/public.ts'
import { teacherSignedUpMails, teacherVerifiedMails } from '../users/public.ts'

/**
 * The app's mail outbox with every kind of message it carries; `config.publicUrl` is the address
 * the messages' links lead to.
 */
export function createAppMailOutbox(deps: {
  db: Db
  jobs: Jobs
  mailer: Mailer
  clock: Clock
  log: Log
  config: Pick<Config, 'publicUrl'>
}): MailOutbox {
  return createMailOutbox({
    ...deps,
    composers: {
      'student-invitation': invitationMail(deps.config),
      'operator-invitation': operatorInvitationMails(deps.config),
      'password-reset': resetMail(deps.config),
      'teacher-signed-up': teacherSignedUpMails(deps.config),
      'teacher-verified': teacherVerifiedMails(deps.config),
    },
  })
}
