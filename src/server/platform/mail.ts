import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'
import type { Log } from './logger.ts'

export type MailMessage = {
  to: string
  subject: string
  text: string
  html?: string
  /** A calendar invitation: sent as text/calendar with its METHOD, and as a .ics file. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string; filename: string }
}
export type Mailer = { send(msg: MailMessage): Promise<void> }
/** The part of a pino logger the mailer uses (the ops CLI passes a console adapter). */
export type MailLog = Log

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under
 * `<DATA_DIR>/mail/` and its link is logged, so the flows work on a laptop with no mail server.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: MailLog): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl)
    return {
      async send(msg) {
        await transport.sendMail({ from: config.mailFrom, ...msg })
        log.info({ to: msg.to, subject: msg.subject }, 'mail sent')
      },
    }
  }
  const dir = path.join(config.dataDir, 'mail')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(msg) {
      const info = await transport.sendMail({ from: config.mailFrom, ...msg })
      await mkdir(dir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`)
      await writeFile(file, info.message, { mode: 0o600 })
      // Development only (no SMTP configured): the link is a secret, so it is never logged with SMTP.
      const link = /https?:\/\/\S+/.exec(msg.text)?.[0]
      log.info({ to: msg.to, subject: msg.subject, file, link }, 'mail written to file (SMTP_URL not set)')
    },
  }
}
