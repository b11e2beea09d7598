import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { AppError } from '../../platform/errors.ts'
import { smsapiReportKey } from './create-gateway.ts'
import { reportMessage } from './repository.ts'
import { numberFailed } from './service.ts'
import { TWILIO_NUMBER_ERRORS, twilioSignatureValid } from './twilio.ts'

// The gateways' delivery reports: each marks the messages it names delivered or failed; a
// failure that says the number cannot take SMS turns the user's SMS off (numberFailed). Neither
// route needs a session: SMSAPI's report URL carries a key only SMSAPI has, Twilio signs its
// callback (X-Twilio-Signature), and a report naming no message of ours changes nothing.

/** SMSAPI's report codes: 404 DELIVERED; 402 EXPIRED, 405 UNDELIVERED, 406 FAILED, 407 REJECTED. */
const SMSAPI_FAILED = new Set(['402', '405', '406', '407'])
const smsapiReport = v.object({
  key: v.string(),
  MsgId: v.pipe(v.string(), v.maxLength(4000)),
  status: v.pipe(v.string(), v.maxLength(4000)),
})

const twilioReport = v.object({
  MessageSid: v.pipe(v.string(), v.maxLength(64)),
  MessageStatus: v.pipe(v.string(), v.maxLength(32)),
  ErrorCode: v.optional(v.pipe(v.string(), v.maxLength(16))),
})

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export async function smsReportRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  // Twilio posts its callback as a form; only these routes read forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString())))
    },
  )

  const report = async (
    provider: 'smsapi' | 'twilio',
    providerMessageId: string,
    state: 'delivered' | 'failed',
    reason: string | null,
    permanent: boolean,
  ) => {
    const moved = await reportMessage(
      ctx.db,
      { provider, providerMessageId },
      { state, reason },
      ctx.clock.now(),
    )
    if (moved && permanent && reason) await numberFailed(ctx, moved.userId, moved.toNumber, reason)
  }

  // SMSAPI calls the report URL with GET; several reports come as comma-separated lists.
  app.get('/sms/reports/smsapi', async (request, reply) => {
    const config = ctx.config.sms
    if (config?.provider !== 'smsapi') throw new AppError('not_found')
    const parsed = v.safeParse(smsapiReport, request.query)
    if (!parsed.success) throw new AppError('bad_request')
    if (!sameText(parsed.output.key, smsapiReportKey(config.token))) throw new AppError('forbidden')
    const ids = parsed.output.MsgId.split(',')
    const codes = parsed.output.status.split(',')
    for (const [index, id] of ids.entries()) {
      const code = codes[index] ?? ''
      if (code === '404') await report('smsapi', id, 'delivered', null, false)
      else if (SMSAPI_FAILED.has(code)) await report('smsapi', id, 'failed', `smsapi_${code}`, false)
    }
    // SMSAPI repeats a report until it is answered with OK.
    return reply.type('text/plain').send('OK')
  })

  app.post('/sms/reports/twilio', async (request, reply) => {
    const config = ctx.config.sms
    if (config?.provider !== 'twilio') throw new AppError('not_found')
    const fields = v.safeParse(v.record(v.string(), v.string()), request.body)
    const signature = request.headers['x-twilio-signature']
    const url = `${ctx.config.publicUrl}${request.url}`
    if (
      !fields.success ||
      !twilioSignatureValid(
        config.authToken,
        url,
        fields.output,
        typeof signature === 'string' ? signature : undefined,
      )
    )
      throw new AppError('forbidden')
    const parsed = v.safeParse(twilioReport, fields.output)
    if (!parsed.success) throw new AppError('bad_request')
    const { MessageSid, MessageStatus, ErrorCode } = parsed.output
    if (MessageStatus === 'delivered') await report('twilio', MessageSid, 'delivered', null, false)
    else if (MessageStatus === 'undelivered' || MessageStatus === 'failed') {
      const code = ErrorCode ? Number(ErrorCode) : Number.NaN
      await report(
        'twilio',
        MessageSid,
        'failed',
        `twilio_${ErrorCode ?? MessageStatus}`,
        TWILIO_NUMBER_ERRORS.has(code),
      )
    }
    return reply.code(204).send()
  })
}
