import * as v from 'valibot'
import type { SmsapiConfig } from '../../config-sms.ts'
import { answerOf, GATEWAY_TIMEOUT_MS, type SmsGateway, SmsGatewayError } from './gateway.ts'

// SMSAPI.pl's REST API: POST /sms.do with the account's OAuth token as a bearer token, the
// message as form fields, `format=json`. It answers the accepted message's id, or an error number
// (error 13: no valid number among the recipients, the only refusal about the number itself).

const accepted = v.object({ list: v.tuple([v.object({ id: v.string() })]) })
const refused = v.object({ error: v.number(), message: v.optional(v.string(), '') })

/** SMSAPI's error numbers that say the number cannot take SMS. */
const NUMBER_ERRORS = new Set([13])

export function smsapiGateway(config: SmsapiConfig, reportUrl: string): SmsGateway {
  return {
    provider: 'smsapi',
    async send(sms) {
      const body = new URLSearchParams({
        to: sms.to.replace(/^\+/, ''),
        message: sms.text,
        from: config.sender,
        format: 'json',
        encoding: 'utf-8',
        idx: sms.ref,
        notify_url: reportUrl,
      })
      let response: Response
      try {
        response = await fetch(`${config.apiUrl}/sms.do`, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.token}` },
          body,
          signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        })
      } catch (error) {
        throw new SmsGatewayError(`SMSAPI could not be reached: ${String(error)}`, {
          permanent: false,
          code: 'unreachable',
        })
      }
      const answer = await answerOf(response)
      const ok = v.safeParse(accepted, answer)
      if (response.ok && ok.success) return { providerId: ok.output.list[0].id }
      const error = v.safeParse(refused, answer)
      const code = error.success ? `smsapi_${error.output.error}` : `http_${response.status}`
      throw new SmsGatewayError(
        `SMSAPI refused the message: ${code} ${error.success ? error.output.message : ''}`.trim(),
        { permanent: error.success && NUMBER_ERRORS.has(error.output.error), code },
      )
    },
  }
}
