import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

// A real SMTP server on 127.0.0.1 that keeps what it receives, parsed (the app's mail
// goes out through nodemailer over SMTP, as in production).

export type SinkMail = ParsedMail & { envelopeTo: string[]; raw: string }

export type SmtpSink = {
  url: string
  mails: SinkMail[]
  /** Mails to `to` so far. */
  to(address: string): SinkMail[]
  /** Waits (up to `ms`) until `count` mails to `address` have arrived. */
  waitFor(address: string, count?: number, ms?: number): Promise<SinkMail[]>
  close(): Promise<void>
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SinkMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        simpleParser(raw)
          .then((parsed) => {
            mails.push(
              Object.assign(parsed, {
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                raw: raw.toString('utf8'),
              }),
            )
            callback()
          })
          .catch(callback)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('the SMTP sink has no port')
  const to = (who: string) => mails.filter((mail) => mail.envelopeTo.includes(who))
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    to,
    async waitFor(who, count = 1, ms = 20_000) {
      const until = performance.now() + ms
      while (to(who).length < count) {
        if (performance.now() > until)
          throw new Error(`${count} mail(s) to ${who} did not arrive in ${ms} ms`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      return to(who)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
