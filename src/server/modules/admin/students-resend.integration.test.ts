import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  adminStudentsResponse,
  inviteCsvPreviewResponse,
  resendInvitationResponse,
} from '../../../domain/api/admin-students.ts'
import { OpsError } from '../../platform/errors.ts'
import { startConsoleTest } from '../../test-support/console-test.ts'
import { createUser, uniqueEmail } from '../../test-support/fixtures.ts'
import { invitedStudentValues } from '../../test-support/invitations.ts'
import { inviteStudent } from '../invitations/service.ts'

// An invitation whose e-mail could not go out stays owed (the mail outbox): the console shows it as
// pending, a CSV naming the student says so instead of "taken", and "send again" sends it once,
// however often it is pressed. Mail through a real SMTP server.

const c = startConsoleTest({ mail: true })
const { get, post, auditOf } = c
const HEADER = 'email,human_access,ai_access,only_group_lessons,active_until,company_name,locale'
const refusing = {
  send: async () => {
    throw new Error('421 try again later')
  },
}

/** A student invited while the SMTP server refused the e-mail. */
async function invitedWithoutMail() {
  const student = invitedStudentValues({ email: uniqueEmail('unsent') })
  await expect(inviteStudent({ ...c.t.ctx, mailer: refusing }, student)).rejects.toThrow(OpsError)
  return student.email
}

async function listed(email: string) {
  const page = v.parse(adminStudentsResponse, (await get('/admin/students/index', { q: email })).json())
  const [item] = page.data.items
  if (!item) throw new Error(`${email} is not listed`)
  return item
}

const csvCodes = async (email: string) => {
  const answer = await post('/admin/students/invite_csv/preview', {
    csv: `${HEADER}\n${email},true,false,false,,,pl`,
  })
  return v.parse(inviteCsvPreviewResponse, answer.json()).data.rows[0]?.problems.map((p) => p.code)
}

describe('an invitation whose e-mail has not gone out', () => {
  it('is listed as pending, and a CSV row names it so instead of taken', async () => {
    const email = await invitedWithoutMail()
    expect((await listed(email)).invitation).toMatchObject({
      state: 'pending',
      sent_at: null,
      mail_pending: true,
    })
    expect(await csvCodes(email)).toEqual(['invitation_pending'])
    expect(c.sink.to(email)).toEqual([])
    const registered = await createUser(c.t.database.db)
    expect(await csvCodes(registered.email)).toEqual(['email_taken'])
  })

  it('is sent once by "send again", however often it is pressed, with a link that works', async () => {
    const email = await invitedWithoutMail()
    const { id } = await listed(email)
    const presses = await Promise.all([
      post('/admin/students/resend_invitation', { student_id: id }),
      post('/admin/students/resend_invitation', { student_id: id }),
    ])
    expect(presses.map((p) => p.statusCode)).toEqual([200, 200])
    const after = await post('/admin/students/resend_invitation', { student_id: id })
    const answer = v.parse(resendInvitationResponse, after.json()).data
    expect(answer.mail_sent).toBe(true)
    expect(answer.student.invitation).toMatchObject({ state: 'pending', mail_pending: false })
    expect(answer.student.invitation.sent_at).not.toBeNull()

    const [mail] = await c.sink.waitFor(email)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(c.sink.to(email)).toHaveLength(1)
    const token = /invitation\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1]
    const accepted = await c.t.app.inject({
      method: 'POST',
      url: '/api/v1/students/accept_invitation',
      payload: { invitation_token: token },
    })
    expect(accepted.statusCode).toBe(200)
    expect(await csvCodes(email)).toEqual(['already_invited'])
    expect((await auditOf('student.invitation_resend', id)).length).toBeGreaterThanOrEqual(1)
  })

  it('refuses "send again" for a student with no invitation waiting', async () => {
    const registered = await createUser(c.t.database.db)
    const answer = await post('/admin/students/resend_invitation', { student_id: registered.id })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().errors[0]).toMatchObject({ field: 'student_id' })
  })
})
