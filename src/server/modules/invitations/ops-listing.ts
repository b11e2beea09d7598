import type { Db } from '../../db/client.ts'
import { findAwaitingInvitations } from './repository.ts'

// `npm run ops -- invitations`: the students invited who have not set a password yet, and where
// each one's invitation stands: its e-mail still waiting to go out (sent by a running server, or
// by `invite-student` again), sent, or its link expired. Tab-separated, so it pastes into a
// spreadsheet.

const stamp = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`

export async function invitationLines(db: Db, now: Date): Promise<string> {
  const rows = await findAwaitingInvitations(db)
  if (rows.length === 0) return 'No invited student is waiting to set a password.'
  const pending = rows.filter((row) => row.sentAt === null && row.expiresAt > now).length
  const lines = rows.map((row) => {
    const state =
      row.expiresAt <= now
        ? `link expired ${stamp(row.expiresAt)}`
        : row.sentAt === null
          ? 'e-mail pending'
          : `e-mail sent ${stamp(row.sentAt)}`
    return `${row.email}\tinvited ${stamp(row.createdAt)}\t${state}`
  })
  return [
    `${rows.length} invited student(s) have not set a password; ${pending} invitation e-mail(s) pending:`,
    ...lines,
  ].join('\n')
}
