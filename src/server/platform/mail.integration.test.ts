import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../test-support/build-test-app.ts'
import { decodeQuotedPrintable } from '../test-support/capturing-mailer.ts'
import { createUser } from '../test-support/fixtures.ts'
import { createMailer, type MailLog } from './mail.ts'
import { resetPasswordMail } from './mail-templates.ts'

const silent: MailLog = { info: () => {}, error: () => {} }
const RESET_LINK = new RegExp(`${TEST_PUBLIC_URL}/password-reset/new\\?token=([A-Za-z0-9_-]{43})`)

describe('mail through a real SMTP server', () => {
  const received: { to: string[]; raw: string }[] = []
  let smtp: SMTPServer
  let t: TestApp

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('latin1'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const address = smtp.server.address()
    if (!address || typeof address === 'string') throw new Error('SMTP sink has no port')
    const config = {
      smtpUrl: `smtp://127.0.0.1:${address.port}`,
      mailFrom: 'no-reply@lektorium.test',
      dataDir: tmpdir(),
    }
    t = await buildTestApp({ mailer: createMailer(config, silent) })
  })
  afterAll(async () => {
    await t.close()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  it("delivers the password reset link in the recipient's locale", async () => {
    const user = await createUser(t.database.db, { locale: 'pl' })
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset_password',
      payload: { email: user.email },
    })
    expect(response.statusCode).toBe(200)
    await t.app.deps.mail.idle()

    const message = received.find((m) => m.to.includes(user.email))
    expect(message).toBeDefined()
    const text = decodeQuotedPrintable(message?.raw ?? '')
    expect(text).toContain('From: no-reply@lektorium.test')
    expect(text).toContain('otrzymaliśmy prośbę o zmianę hasła')
    const token = RESET_LINK.exec(text)?.[1]
    expect(token).toBeDefined()
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/validate_reset_token',
      payload: { reset_token: token },
    })
    expect(check.statusCode).toBe(200)
  })
})

describe('mail written to .eml files (no SMTP_URL)', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'lk-mail-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('writes each message under <DATA_DIR>/mail and logs its link', async () => {
    const logged: object[] = []
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'no-reply@lektorium.test', dataDir },
      { info: (obj) => logged.push(obj), error: () => {} },
    )
    const link = `${TEST_PUBLIC_URL}/password-reset/new?token=${'a'.repeat(43)}`
    await mailer.send(resetPasswordMail('ola@example.com', 'en', link))

    const files = readdirSync(path.join(dataDir, 'mail'))
    expect(files).toHaveLength(1)
    const file = path.join(dataDir, 'mail', files[0] ?? '')
    expect(file).toMatch(/\.eml$/)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const content = decodeQuotedPrintable(readFileSync(file, 'latin1'))
    expect(content).toContain('To: ola@example.com')
    expect(content).toContain('Subject: Lektorium: password reset')
    expect(content).toContain(link)
    expect(logged).toEqual([expect.objectContaining({ to: 'ola@example.com', file, link })])
  })
})
