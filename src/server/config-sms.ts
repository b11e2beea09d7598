import * as v from 'valibot'

// The SMS gateway's settings (modules/sms): SMS_PROVIDER picks SMSAPI or Twilio, and each needs
// its own half; without SMS_PROVIDER no SMS is sent and the profile says so.

/** SMSAPI.pl: a bearer token and the sender name registered with SMSAPI. */
export type SmsapiConfig = { provider: 'smsapi'; token: string; sender: string; apiUrl: string }
/** Twilio: the account and its auth token; a messaging service or a sending number. */
export type TwilioConfig = {
  provider: 'twilio'
  accountSid: string
  authToken: string
  /** Exactly one of the two: `MG…` (a messaging service) or `+48…` (a number). */
  messagingServiceSid: string | undefined
  from: string | undefined
  apiUrl: string
}
export type SmsConfig = SmsapiConfig | TwilioConfig

const nonEmpty = (name: string) => v.pipe(v.string(), v.nonEmpty(`${name} must not be empty`))
const httpUrl = (name: string) =>
  v.pipe(
    v.string(),
    v.url(`${name} must be a URL`),
    v.check(
      (value) => /^https?:$/.test(new URL(value).protocol),
      `${name} must start with http:// or https://`,
    ),
  )

/** The variables, each checked with a message naming it (spread into config-env.ts). */
export const smsEnvEntries = {
  SMS_PROVIDER: v.optional(v.picklist(['smsapi', 'twilio'], 'SMS_PROVIDER must be smsapi or twilio')),
  SMSAPI_TOKEN: v.optional(nonEmpty('SMSAPI_TOKEN')),
  // SMSAPI accepts up to 11 letters or digits as a sender name.
  SMSAPI_SENDER: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9 .-]{1,11}$/, 'SMSAPI_SENDER must be 1 to 11 letters or digits')),
  ),
  SMSAPI_API_URL: v.optional(httpUrl('SMSAPI_API_URL'), 'https://api.smsapi.pl'),
  TWILIO_ACCOUNT_SID: v.optional(
    v.pipe(v.string(), v.regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID must be AC and 32 hex digits')),
  ),
  TWILIO_AUTH_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, 'TWILIO_AUTH_TOKEN must be at least 16 characters')),
  ),
  TWILIO_MESSAGING_SERVICE_SID: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^MG[0-9a-fA-F]{32}$/, 'TWILIO_MESSAGING_SERVICE_SID must be MG and 32 hex digits'),
    ),
  ),
  TWILIO_FROM: v.optional(
    v.pipe(v.string(), v.regex(/^\+[1-9]\d{6,14}$/, 'TWILIO_FROM must be a number in E.164 (+48…)')),
  ),
  TWILIO_API_URL: v.optional(httpUrl('TWILIO_API_URL'), 'https://api.twilio.com'),
}

const smsEnvSchema = v.object(smsEnvEntries)
type SmsEnv = v.InferOutput<typeof smsEnvSchema>

/** Which variable is wrong and why, or the gateway's settings (undefined: SMS is off). */
export function smsConfig(e: SmsEnv): SmsConfig | { invalid: string; message: string } | undefined {
  const smsapiSet = (['SMSAPI_TOKEN', 'SMSAPI_SENDER'] as const).filter((name) => e[name] !== undefined)
  const twilioSet = (
    ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_MESSAGING_SERVICE_SID', 'TWILIO_FROM'] as const
  ).filter((name) => e[name] !== undefined)
  if (e.SMS_PROVIDER === undefined) {
    const stray = smsapiSet[0] ?? twilioSet[0]
    return stray ? { invalid: 'SMS_PROVIDER', message: `${stray} needs SMS_PROVIDER` } : undefined
  }
  if (e.SMS_PROVIDER === 'smsapi') {
    if (!e.SMSAPI_TOKEN) return { invalid: 'SMSAPI_TOKEN', message: 'SMS_PROVIDER=smsapi needs SMSAPI_TOKEN' }
    if (!e.SMSAPI_SENDER)
      return { invalid: 'SMSAPI_SENDER', message: 'SMS_PROVIDER=smsapi needs SMSAPI_SENDER' }
    return {
      provider: 'smsapi',
      token: e.SMSAPI_TOKEN,
      sender: e.SMSAPI_SENDER,
      apiUrl: e.SMSAPI_API_URL.replace(/\/$/, ''),
    }
  }
  if (!e.TWILIO_ACCOUNT_SID)
    return { invalid: 'TWILIO_ACCOUNT_SID', message: 'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID' }
  if (!e.TWILIO_AUTH_TOKEN)
    return { invalid: 'TWILIO_AUTH_TOKEN', message: 'SMS_PROVIDER=twilio needs TWILIO_AUTH_TOKEN' }
  if ((e.TWILIO_MESSAGING_SERVICE_SID === undefined) === (e.TWILIO_FROM === undefined)) {
    return {
      invalid: e.TWILIO_FROM ? 'TWILIO_MESSAGING_SERVICE_SID' : 'TWILIO_FROM',
      message: 'SMS_PROVIDER=twilio needs either TWILIO_MESSAGING_SERVICE_SID or TWILIO_FROM (one of them)',
    }
  }
  return {
    provider: 'twilio',
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
    from: e.TWILIO_FROM,
    apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
  }
}
