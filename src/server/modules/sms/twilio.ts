import { createHmac, timingSafeEqual } from 'node:crypto'
import * as v from 'valibot'
import type { TwilioConfig } from '../../config-sms.ts'
import { answerOf, GATEWAY_TIMEOUT_MS, type SmsGateway, SmsGatewayError } from './gateway.ts'

// Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json with HTTP Basic (the
// account SID and auth token), the message as form fields, and a StatusCallback that Twilio
// signs (X-Twilio-Signature, checked by `twilioSignatureValid`).

const accepted = v.object({ sid: v.string() })
const refused = v.object({ code: v.number(), message: v.optional(v.string(), '') })

/**
 * Twilio's error codes that say the number cannot take SMS: not a valid number (21211), not a
 * mobile (21614), unsubscribed by STOP (21610), unknown destination (30005), a landline or an
 * unreachable carrier (30006).
 */
export const TWILIO_NUMBER_ERRORS = new Set([21211, 21614, 21610, 30005, 30006])

export function twilioGateway(config: TwilioConfig, statusCallback: string): SmsGateway {
  const auth = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')
  return {
    provider: 'twilio',
    async send(sms) {
      const body = new URLSearchParams({ To: sms.to, Body: sms.text, StatusCallback: statusCallback })
      if (config.messagingServiceSid) body.set('MessagingServiceSid', config.messagingServiceSid)
      else if (config.from) body.set('From', config.from)
      let response: Response
      try {
        response = await fetch(`${config.apiUrl}/2010-04-01/Accounts/${config.accountSid}/Messages.json`, {
          method: 'POST',
          headers: { authorization: `Basic ${auth}` },
          body,
          signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        })
      } catch (error) {
        throw new SmsGatewayError(`Twilio could not be reached: ${String(error)}`, {
          permanent: false,
          code: 'unreachable',
        })
      }
      const answer = await answerOf(response)
      const ok = v.safeParse(accepted, answer)
      if (response.ok && ok.success) return { providerId: ok.output.sid }
      const error = v.safeParse(refused, answer)
      const code = error.success ? `twilio_${error.output.code}` : `http_${response.status}`
      throw new SmsGatewayError(
        `Twilio refused the message: ${code} ${error.success ? error.output.message : ''}`.trim(),
        { permanent: error.success && TWILIO_NUMBER_ERRORS.has(error.output.code), code },
      )
    },
  }
}

/**
 * Twilio's request signature: HMAC-SHA1 with the auth token over the URL Twilio called followed
 * by each POST field's name and value, sorted by name, in base64.
 */
export function twilioSignature(authToken: string, url: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((text, key) => text + key + fields[key], url)
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64')
}

export function twilioSignatureValid(
  authToken: string,
  url: string,
  fields: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false
  const expected = Buffer.from(twilioSignature(authToken, url, fields))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
