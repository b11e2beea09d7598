import type { CsvRow } from '../../../domain/api/admin-students.ts'
import { polandDateKey } from '../../../domain/poland-time.ts'
import type { ServiceContext } from '../../context.ts'
import { OpsError } from '../../platform/errors.ts'
import {
  awaitsPassword,
  type InvitedStudent,
  inviteStudent,
  resendInvitation,
} from '../invitations/public.ts'
import { findUserByEmail } from '../users/public.ts'
import type { AuditActor } from './audit-repository.ts'
import { OpsFieldError } from './field-errors.ts'
import { checkCsv, markTaken } from './students-csv.ts'
import { findStudent, invitedEmails, takenEmails } from './students-repository.ts'
import { studentItem } from './students-service.ts'

// product-rules.md "Who uses it": "students are invited with access flags and an active until
// date": the console invites one student or the rows of a CSV file, each through inviteStudent (the
// service of `ops invite-student`: its own transaction and audit entry, the e-mail's job in it and
// the e-mail sent after the commit).

/**
 * inviteStudent's OpsError is either the address taken by another account (nothing written) or
 * the e-mail that could not be sent (the invitation stands); only the first says "already in use".
 */
const isTaken = (error: OpsError) => error.message.includes('already in use')

/** One student; a student invited before who has not set a password gets a fresh link. */
export async function inviteOne(ctx: ServiceContext, student: InvitedStudent, actor: AuditActor) {
  if (student.activeUntil !== null && student.activeUntil < polandDateKey(ctx.clock.now()))
    throw new OpsFieldError('active_until', 'The date has passed already.')
  const existing = await findUserByEmail(ctx.db, student.email)
  const taken = () => new OpsFieldError('email', `${student.email} is already in use by another account.`)
  if (existing && !awaitsPassword(existing)) throw taken()
  let mailSent = true
  try {
    await inviteStudent(ctx, student, actor)
  } catch (error) {
    if (!(error instanceof OpsError)) throw error
    if (isTaken(error)) throw taken()
    ctx.log.error({ err: error, to: student.email }, 'the invitation e-mail could not be sent')
    mailSent = false
  }
  const invited = await findUserByEmail(ctx.db, student.email)
  if (!invited) throw new Error('the invited student vanished')
  return { student: await studentItem(ctx, invited.id), resent: existing !== undefined, mailSent }
}

/**
 * The CSV's rows with their problems; nothing is written or sent. An address with any account
 * (an invited student's too: the single invitation resends links) is refused, so sending the same
 * file again invites nobody twice.
 */
export async function previewCsv(ctx: Pick<ServiceContext, 'db' | 'clock'>, csv: string): Promise<CsvRow[]> {
  const rows = checkCsv(csv, polandDateKey(ctx.clock.now()))
  const emails = rows.flatMap((row) => (row.values ? [row.values.email] : []))
  return markTaken(rows, await takenEmails(ctx.db, emails), await invitedEmails(ctx.db, emails))
}

/**
 * The console's "send the invitation again" for a student whose invitation e-mail has not gone out
 * (invitations/service.ts resendInvitation): a second press sends nothing more.
 */
export async function resendOne(ctx: ServiceContext, studentId: string, actor: AuditActor) {
  const student = await findStudent(ctx.db, studentId)
  if (!student) throw new OpsFieldError('student_id', `No student ${studentId}.`)
  try {
    const { mailSent } = await resendInvitation(ctx, student.email, actor)
    return { student: await studentItem(ctx, student.id), mailSent }
  } catch (error) {
    if (error instanceof OpsError) throw new OpsFieldError('student_id', error.message)
    throw error
  }
}

export type CsvOutcome = CsvRow & { outcome: 'invited' | 'not_sent' | 'mail_failed' }

/** Checks the file again and invites its valid rows, one after another, each on its own. */
export async function sendCsv(ctx: ServiceContext, csv: string, actor: AuditActor): Promise<CsvOutcome[]> {
  const rows = await previewCsv(ctx, csv)
  const outcomes: CsvOutcome[] = []
  for (const row of rows) {
    const values = row.values
    if (!values) {
      outcomes.push({ ...row, outcome: 'not_sent' })
      continue
    }
    try {
      await inviteStudent(
        ctx,
        {
          email: values.email,
          humanAccess: values.human_access,
          aiAccess: values.ai_access,
          onlyGroupLessons: values.only_group_lessons,
          activeUntil: values.active_until,
          companyName: values.company_name,
          locale: values.locale,
        },
        actor,
      )
      outcomes.push({ ...row, outcome: 'invited' })
    } catch (error) {
      if (!(error instanceof OpsError)) throw error
      if (isTaken(error)) {
        // Taken between the check and the invitation (another operator, a sign-up).
        const problem = {
          field: 'email',
          code: 'email_taken' as const,
          message: 'This email is already in use',
        }
        outcomes.push({ ...row, values: null, problems: [problem], outcome: 'not_sent' })
      } else {
        ctx.log.error({ err: error, to: values.email }, 'the invitation e-mail could not be sent')
        outcomes.push({ ...row, outcome: 'mail_failed' })
      }
    }
  }
  return outcomes
}
