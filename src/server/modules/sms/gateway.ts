import type { SmsConfig } from '../../config-sms.ts'

// One port for the SMS gateways (docs/decisions.md "SMS through SMSAPI or Twilio"): the
// configured adapter sends one message to one E.164 number and says whether a refusal is worth
// retrying. Delivery reports come back to the routes of reports-routes.ts.

export type SmsOut = {
  /** E.164, `+48512345678`. */
  to: string
  text: string
  /** Our message's id, which the gateway's reports name again (SMSAPI's `idx`). */
  ref: string
}

/**
 * A refusal. `permanent`: the number itself cannot take SMS (sending again cannot help; the
 * user's SMS is turned off); otherwise the queue tries again with backoff.
 */
export class SmsGatewayError extends Error {
  readonly permanent: boolean
  readonly code: string
  constructor(message: string, options: { permanent: boolean; code: string }) {
    super(message)
    this.permanent = options.permanent
    this.code = options.code
  }
}

export type SmsGateway = {
  provider: SmsConfig['provider']
  /** The gateway's id of the accepted message. */
  send(sms: SmsOut): Promise<{ providerId: string }>
}

/** How long a gateway may take to answer before the attempt counts as failed (and is retried). */
export const GATEWAY_TIMEOUT_MS = 15_000

/** The gateway's answer, read as JSON whatever its status (an HTML error page reads as null). */
export async function answerOf(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
