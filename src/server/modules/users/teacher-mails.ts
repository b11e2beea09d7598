import type { Config } from '../../config.ts'
import type { MailComposer } from '../../platform/mail-outbox.ts'
import { teacherSignedUpMail, teacherVerifiedMail } from '../../platform/mail-templates.ts'
import { findUserById } from './repository.ts'
import { teacherLoginLink } from './teacher-login-link.ts'

// A teacher's e-mails about their verification, through the mail outbox (`ref`: the teacher's id):
// the acknowledgement of the registration and the word that they may sign in.

/** The registration's acknowledgement, while the teacher awaits verification. */
export function teacherSignedUpMails(config: Pick<Config, 'publicUrl'>): MailComposer {
  return {
    async compose(tx, teacherId) {
      const teacher = await findUserById(tx, teacherId)
      if (teacher?.role !== 'teacher' || teacher.status !== 'pending_verification') return null
      return teacherSignedUpMail(teacher.email, teacher.locale, teacherLoginLink(config))
    },
  }
}

/** The verification: the teacher may sign in now (sent while the account stays active). */
export function teacherVerifiedMails(config: Pick<Config, 'publicUrl'>): MailComposer {
  return {
    async compose(tx, teacherId) {
      const teacher = await findUserById(tx, teacherId)
      if (teacher?.role !== 'teacher' || teacher.status !== 'active') return null
      return teacherVerifiedMail(teacher.email, teacher.locale, teacherLoginLink(config))
    },
  }
}
