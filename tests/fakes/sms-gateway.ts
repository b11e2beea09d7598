import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

// SMSAPI.pl and Twilio, stood in for on 127.0.0.1 (outside services at their boundary). Each
// checks what its real API documents: SMSAPI's POST /sms.do with `Authorization: Bearer <token>`
// and the form fields to, message, from, format=json; Twilio's POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic (SID and auth token) and the
// form fields To (E.164), Body, From or MessagingServiceSid, StatusCallback. A request of another
// shape is refused as the real one would (SMSAPI's error 101, Twilio's 401/400); what is accepted
// is kept for the test to read.

export type ReceivedSms = {
  provider: 'smsapi' | 'twilio'
  /** The gateway's id it answered. */
  id: string
  /** E.164 as the app meant it (SMSAPI gets it without the "+"). */
  to: string
  text: string
  /** SMSAPI's idx (our message's id), or null. */
  ref: string | null
  /** Where the gateway would report delivery (notify_url / StatusCallback). */
  reportUrl: string
}

export type SmsGatewayStandIn = {
  url: string
  smsapiToken: string
  twilioSid: string
  twilioToken: string
  received: ReceivedSms[]
  /** Requests refused for a wrong shape or credentials (a test expects none). */
  refused: string[]
  /** The next `count` sends fail as a gateway in trouble (SMSAPI: HTTP 500; Twilio: 503). */
  failNext(count: number): void
  /** Sends to `to` (E.164) are refused as a number that cannot take SMS (SMSAPI 13, Twilio 21614). */
  refuseNumber(to: string): void
  waitFor(count: number, ms?: number): Promise<ReceivedSms[]>
  close(): Promise<void>
}

const SMSAPI_TOKEN = 'smsapi-test-token-0123456789'
const TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`
const TWILIO_TOKEN = 'twilio-test-auth-token-0123456789'

async function formOf(request: IncomingMessage): Promise<URLSearchParams | null> {
  if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return null
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(Buffer.from(chunk))
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

export async function startSmsGateway(): Promise<SmsGatewayStandIn> {
  const received: ReceivedSms[] = []
  const refused: string[] = []
  const refusedNumbers = new Set<string>()
  let failing = 0
  let next = 1

  async function smsapi(request: IncomingMessage, response: ServerResponse) {
    const form = await formOf(request)
    if (request.headers.authorization !== `Bearer ${SMSAPI_TOKEN}`) {
      refused.push('smsapi: authorization')
      return json(response, 401, { error: 101, message: 'Authorization failed' })
    }
    const to = form?.get('to') ?? ''
    const message = form?.get('message') ?? ''
    if (!form || !/^\d{8,15}$/.test(to) || !message || !form.get('from') || form.get('format') !== 'json') {
      refused.push(`smsapi: shape ${form?.toString()}`)
      return json(response, 200, { error: 14, message: 'Invalid request' })
    }
    if (failing > 0) {
      failing--
      return json(response, 500, { error: 201, message: 'System failure' })
    }
    if (refusedNumbers.has(`+${to}`))
      return json(response, 200, { error: 13, message: 'No correct phone numbers' })
    const id = `${Date.now()}${next++}`
    received.push({
      provider: 'smsapi',
      id,
      to: `+${to}`,
      text: message,
      ref: form.get('idx'),
      reportUrl: form.get('notify_url') ?? '',
    })
    json(response, 200, {
      count: 1,
      list: [{ id, points: 0.16, number: to, status: 'QUEUE', idx: form.get('idx') }],
    })
  }

  async function twilio(request: IncomingMessage, response: ServerResponse) {
    const form = await formOf(request)
    const basic = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`
    if (request.headers.authorization !== basic) {
      refused.push('twilio: authorization')
      return json(response, 401, { code: 20003, message: 'Authenticate', status: 401 })
    }
    const to = form?.get('To') ?? ''
    const body = form?.get('Body') ?? ''
    const sender = form?.get('From') ?? form?.get('MessagingServiceSid')
    if (!form || !/^\+[1-9]\d{6,14}$/.test(to) || !body || !sender) {
      refused.push(`twilio: shape ${form?.toString()}`)
      return json(response, 400, { code: 21604, message: "A 'To' phone number is required.", status: 400 })
    }
    if (failing > 0) {
      failing--
      return json(response, 503, { code: 20503, message: 'Service unavailable', status: 503 })
    }
    if (refusedNumbers.has(to))
      return json(response, 400, {
        code: 21614,
        message: `'To' number ${to} is not a valid mobile number`,
        status: 400,
      })
    const id = `SM${String(next++).padStart(32, '0')}`
    received.push({
      provider: 'twilio',
      id,
      to,
      text: body,
      ref: null,
      reportUrl: form.get('StatusCallback') ?? '',
    })
    json(response, 201, { sid: id, status: 'queued', to, body })
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname
    const handled =
      request.method === 'POST' && path === '/sms.do'
        ? smsapi(request, response)
        : request.method === 'POST' && path === `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`
          ? twilio(request, response)
          : Promise.resolve(json(response, 404, { message: 'not found' }))
    handled.catch(() => json(response, 500, { message: 'stand-in failed' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    smsapiToken: SMSAPI_TOKEN,
    twilioSid: TWILIO_SID,
    twilioToken: TWILIO_TOKEN,
    received,
    refused,
    failNext: (count) => {
      failing = count
    },
    refuseNumber: (to) => refusedNumbers.add(to),
    async waitFor(count, ms = 15_000) {
      const until = Date.now() + ms
      while (received.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 100))
      return received
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
