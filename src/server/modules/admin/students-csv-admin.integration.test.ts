import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  adminStudentsResponse,
  inviteCsvPreviewResponse,
  inviteCsvSendResponse,
} from '../../../domain/api/admin-students.ts'
import { startConsoleTest } from '../../test-support/console-test.ts'
import { createUser, uniqueEmail } from '../../test-support/fixtures.ts'

// The console invites students from a CSV file: a preview that shows each row's
// problems and sends nothing, then the send, whose e-mails go through a real SMTP server. The
// test clock's today is 2026-03-10 (Poland).

const c = startConsoleTest({ mail: true })
const { get, post, auditOf } = c
const HEADER = 'email,human_access,ai_access,only_group_lessons,active_until,company_name,locale'

describe('POST /admin/students/invite_csv', () => {
  it('previews each row with its problems and sends nothing', async () => {
    const registered = await createUser(c.t.database.db)
    const good = uniqueEmail('csv')
    const csv = [
      HEADER,
      `${good},true,false,,2026-12-31,"Partner, S.A.",EN`,
      `not-an-email,true,false,false,,,pl`,
      `${good},1,0,0,,,pl`,
      `${registered.email},yes,no,no,,,pl`,
      `${uniqueEmail()},maybe,false,false,2026-13-01,,de`,
      `${uniqueEmail()},true,false,false,2026-03-01,,pl`,
      `${uniqueEmail()},true,false`,
      '',
    ].join('\r\n')
    const answer = await post('/admin/students/invite_csv/preview', { csv })
    expect(answer.statusCode).toBe(200)
    const { rows, total, valid, invalid } = v.parse(inviteCsvPreviewResponse, answer.json()).data
    expect({ total, valid, invalid }).toEqual({ total: 7, valid: 1, invalid: 6 })
    expect(rows[0]).toEqual({
      line: 2,
      email: good,
      cells: {
        email: good,
        human_access: 'true',
        ai_access: 'false',
        only_group_lessons: '',
        active_until: '2026-12-31',
        company_name: 'Partner, S.A.',
        locale: 'EN',
      },
      values: {
        email: good,
        human_access: true,
        ai_access: false,
        only_group_lessons: false,
        active_until: '2026-12-31',
        company_name: 'Partner, S.A.',
        locale: 'en',
      },
      problems: [],
    })
    const codes = rows.slice(1).map((row) => row.problems.map((p) => p.code))
    expect(codes).toEqual([
      ['email_invalid'],
      ['email_duplicate'],
      ['email_taken'],
      ['flag_invalid', 'date_invalid', 'locale_invalid'],
      ['date_past'],
      ['columns'],
    ])
    expect(rows[2]?.problems[0]?.message).toBe('The address is on line 2 already.')
    expect(rows[4]?.cells).toMatchObject({ human_access: 'maybe', active_until: '2026-13-01', locale: 'de' })
    expect(rows[6]?.cells).toMatchObject({ ai_access: 'false', only_group_lessons: '', locale: '' })
    expect(c.sink.to(good)).toEqual([])
  })

  it('refuses a file without the columns, too long, or over 1,000 rows, on the csv field', async () => {
    const row = (i: number) => `student${i}@example.com,true,false,false,,,pl`
    const cases = [
      'email,human_access\nx@example.com,true',
      HEADER,
      [HEADER, ...Array.from({ length: 1001 }, (_, i) => row(i))].join('\n'),
      `${HEADER}\n"unclosed,true,false,false,,,pl`,
    ]
    for (const csv of cases) {
      const answer = await post('/admin/students/invite_csv/preview', { csv })
      expect(answer.statusCode).toBe(400)
      expect(answer.json().errors[0].field).toBe('csv')
    }
    const huge = await post('/admin/students/invite_csv/send', { csv: 'x'.repeat(300_000) })
    expect(huge.json().errors[0]).toMatchObject({ field: 'csv', code: 'too_long' })
  })

  it('sends 20 rows with 2 bad: the 18 others get their invitations, each audited; sending again invites nobody', async () => {
    const emails = Array.from({ length: 20 }, () => uniqueEmail('batch'))
    const lines = emails.map((email, i) =>
      i === 4
        ? `${email},true,false,false,2026-02-31,Partner S.A.,pl`
        : i === 11
          ? `${email},sure,false,false,,Partner S.A.,en`
          : `${email},true,${i % 2 === 0},false,2026-09-30,Partner S.A.,${i % 3 === 0 ? 'en' : 'pl'}`,
    )
    // Excel in Poland separates fields with semicolons.
    const csv = [HEADER, ...lines].join('\n').replaceAll(',', ';')
    const answer = await post('/admin/students/invite_csv/send', { csv })
    expect(answer.statusCode).toBe(200)
    const result = v.parse(inviteCsvSendResponse, answer.json()).data
    expect({ invited: result.invited, not_sent: result.not_sent, mail_failed: result.mail_failed }).toEqual({
      invited: 18,
      not_sent: 2,
      mail_failed: 0,
    })
    expect(result.rows.filter((r) => r.outcome === 'not_sent').map((r) => r.line)).toEqual([6, 13])
    const good = emails.filter((_, i) => i !== 4 && i !== 11)
    for (const email of good) {
      const [mail] = await c.sink.waitFor(email)
      expect(mail?.subject).toMatch(/Zaproszenie do Lektorium|Your invitation to Lektorium/)
    }
    expect(c.sink.to(emails[4] ?? '')).toEqual([])
    expect(c.sink.to(emails[11] ?? '')).toEqual([])
    const page = v.parse(
      adminStudentsResponse,
      (await get('/admin/students/index?q=batch&per_page=100')).json(),
    )
    const listed = page.data.items.filter((i) => good.includes(i.email))
    expect(listed).toHaveLength(18)
    expect(listed.every((i) => i.company_name === 'Partner S.A.' && i.invitation.state === 'pending')).toBe(
      true,
    )
    const first = listed.find((i) => i.email === good[0])
    const entries = first ? await auditOf('student.invite', first.id) : []
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actorKind: 'operator', actorId: c.operatorId, before: null })

    const again = v.parse(
      inviteCsvSendResponse,
      (await post('/admin/students/invite_csv/send', { csv })).json(),
    )
    expect(again.data).toMatchObject({ invited: 0, not_sent: 20 })
    expect(c.sink.to(good[0] ?? '')).toHaveLength(1)
  })
})
