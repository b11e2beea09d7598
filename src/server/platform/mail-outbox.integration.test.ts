import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invitations, users } from '../db/schema.ts'
import { mailDeliveries } from '../db/schema-notifications.ts'
import { inviteStudent } from '../modules/invitations/service.ts'
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts'
import { invitedStudentValues } from '../test-support/invitations.ts'
import { OpsError } from './errors.ts'
import { CLAIM_MS, DELIVERY_RETENTION_MS } from './mail-outbox.ts'

// The mail outbox's promise: a message owed is sent once, whoever delivers it and however often,
// and a message no longer owed (its invitation replaced) is not sent. Invitations are the example.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const refusing = {
  send: async () => {
    throw new Error('421 try again later')
  },
}

/** Invites while the SMTP server refuses: the invitation stands, its e-mail is owed. */
async function owedInvitation(email?: string) {
  const student = invitedStudentValues(email ? { email } : {})
  await expect(inviteStudent({ ...t.ctx, mailer: refusing }, student)).rejects.toThrow(OpsError)
  const [row] = await t.database.db
    .select({ id: invitations.id, sentAt: invitations.sentAt })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(eq(users.email, student.email))
  if (!row) throw new Error('no invitation')
  return { email: student.email, ref: row.id, sentAt: row.sentAt }
}

const deliver = (ref: string) => t.ctx.mail.deliver({ kind: 'student-invitation', ref }, t.mailer)

describe('the mail outbox', () => {
  it('sends an owed message once, however often it is delivered', async () => {
    const owed = await owedInvitation()
    expect(owed.sentAt).toBeNull()
    expect(t.mailer.lastTo(owed.email)).toBeUndefined()
    expect(await deliver(owed.ref)).toEqual({ outcome: 'sent' })
    expect(await deliver(owed.ref)).toEqual({ outcome: 'sent_before' })
    expect(t.mailer.messages.filter((m) => m.to === owed.email)).toHaveLength(1)
    const [sent] = await t.database.db
      .select({ sentAt: invitations.sentAt })
      .from(invitations)
      .where(eq(invitations.id, owed.ref))
    expect(sent?.sentAt).toEqual(t.clock.now())
  })

  it('waits out the claim of a process that died while sending, then sends', async () => {
    const owed = await owedInvitation()
    // As a process leaves it when it dies after claiming the message.
    await t.database.db
      .update(mailDeliveries)
      .set({ claimedUntil: new Date(t.clock.now().getTime() + CLAIM_MS) })
      .where(eq(mailDeliveries.ref, owed.ref))
    expect(await deliver(owed.ref)).toEqual({ outcome: 'being_sent' })
    expect(t.mailer.lastTo(owed.email)).toBeUndefined()
    t.clock.advance(CLAIM_MS)
    expect(await deliver(owed.ref)).toEqual({ outcome: 'sent' })
    expect(t.mailer.messages.filter((m) => m.to === owed.email)).toHaveLength(1)
  })

  it('does not send an invitation replaced by a newer one before its e-mail went', async () => {
    const first = await owedInvitation()
    const second = await owedInvitation(first.email)
    expect(await deliver(first.ref)).toEqual({ outcome: 'not_owed' })
    expect(await deliver(second.ref)).toEqual({ outcome: 'sent' })
    expect(t.mailer.messages.filter((m) => m.to === first.email)).toHaveLength(1)
  })

  it('drops the row of a delivery long settled and keeps recent ones', async () => {
    const old = await owedInvitation()
    expect(await deliver(old.ref)).toEqual({ outcome: 'sent' })
    t.clock.advance(DELIVERY_RETENTION_MS + 60 * 60_000)
    const recent = await owedInvitation()
    expect(await deliver(recent.ref)).toEqual({ outcome: 'sent' })
    const kept = await t.database.db.select({ ref: mailDeliveries.ref }).from(mailDeliveries)
    expect(kept.map((row) => row.ref)).not.toContain(old.ref)
    expect(kept.map((row) => row.ref)).toContain(recent.ref)
  })
})
