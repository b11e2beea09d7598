import { createHmac } from 'node:crypto'
import type { SmsConfig } from '../../config-sms.ts'
import type { SmsGateway } from './gateway.ts'
import { smsapiGateway } from './smsapi.ts'
import { twilioGateway } from './twilio.ts'

// The gateway SMS_PROVIDER names, with the address its delivery reports come back to
// (reports-routes.ts).

/**
 * The secret in SMSAPI's report URL: SMSAPI signs nothing, so the URL it calls carries a key
 * derived from the token only the school and SMSAPI know.
 */
export const smsapiReportKey = (token: string): string =>
  createHmac('sha256', token).update('lektorium sms reports').digest('hex').slice(0, 32)

/** The configured gateway, or undefined when SMS is off. */
export function createSmsGateway(config: SmsConfig | undefined, publicUrl: string): SmsGateway | undefined {
  if (!config) return undefined
  const reports = `${publicUrl}/api/v1/sms/reports/${config.provider}`
  return config.provider === 'smsapi'
    ? smsapiGateway(config, `${reports}?key=${smsapiReportKey(config.token)}`)
    : twilioGateway(config, reports)
}
