import type { Mailer, MailMessage } from '../platform/mail.ts'

export type CapturingMailer = Mailer & {
  messages: MailMessage[]
  /** The last message sent to `to`, if any. */
  lastTo(to: string): MailMessage | undefined
  /** The next send fails, as an SMTP server that refuses it would. */
  failNext(): void
}

export function createCapturingMailer(): CapturingMailer {
  const messages: MailMessage[] = []
  let failing = false
  return {
    messages,
    async send(msg) {
      if (failing) {
        failing = false
        throw new Error('550 mailbox unavailable (test)')
      }
      messages.push(msg)
    },
    failNext() {
      failing = true
    },
    lastTo: (to) => messages.findLast((m) => m.to === to),
  }
}

/** The first link of a mail's text. */
export function linkIn(text: string): string {
  const link = /https?:\/\/\S+/.exec(text)?.[0]
  if (!link) throw new Error(`no link in: ${text}`)
  return link
}

/** The `token` query parameter of the first link of a mail. */
export function tokenIn(msg: MailMessage | undefined): string {
  if (!msg) throw new Error('no mail was sent')
  const token = new URL(linkIn(msg.text)).searchParams.get('token')
  if (!token) throw new Error(`no token in: ${msg.text}`)
  return token
}

/** Decodes a quoted-printable MIME body (soft line breaks and =XX escapes). */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}
