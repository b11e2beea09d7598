import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

const sid = `AC${'a'.repeat(32)}`
const token = 't'.repeat(32)

describe('the SMS gateway’s configuration', () => {
  it('sends no SMS without SMS_PROVIDER', () => {
    expect(loadConfig({}).sms).toBeUndefined()
  })

  it('reads SMSAPI’s token and sender name, with its API by default', () => {
    expect(
      loadConfig({ SMS_PROVIDER: 'smsapi', SMSAPI_TOKEN: 'tok', SMSAPI_SENDER: 'Lektorium' }).sms,
    ).toEqual({
      provider: 'smsapi',
      token: 'tok',
      sender: 'Lektorium',
      apiUrl: 'https://api.smsapi.pl',
    })
  })

  it('reads Twilio’s account with a messaging service or a sending number', () => {
    const service = `MG${'b'.repeat(32)}`
    expect(
      loadConfig({
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: token,
        TWILIO_MESSAGING_SERVICE_SID: service,
      }).sms,
    ).toEqual({
      provider: 'twilio',
      accountSid: sid,
      authToken: token,
      messagingServiceSid: service,
      from: undefined,
      apiUrl: 'https://api.twilio.com',
    })
    expect(
      loadConfig({
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: token,
        TWILIO_FROM: '+48500100200',
      }).sms,
    ).toMatchObject({ from: '+48500100200', messagingServiceSid: undefined })
  })

  it('stops at start naming the missing or wrong variable', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'smsapi', SMSAPI_SENDER: 'Lektorium' })).toThrow(
      /SMSAPI_TOKEN: SMS_PROVIDER=smsapi needs SMSAPI_TOKEN/,
    )
    expect(() => loadConfig({ SMS_PROVIDER: 'smsapi', SMSAPI_TOKEN: 'tok' })).toThrow(
      /SMSAPI_SENDER: SMS_PROVIDER=smsapi needs SMSAPI_SENDER/,
    )
    expect(() =>
      loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_AUTH_TOKEN: token, TWILIO_FROM: '+48500100200' }),
    ).toThrow(/TWILIO_ACCOUNT_SID: SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID/)
    expect(() =>
      loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_FROM: '+48500100200' }),
    ).toThrow(/TWILIO_AUTH_TOKEN: SMS_PROVIDER=twilio needs TWILIO_AUTH_TOKEN/)
    expect(() =>
      loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token }),
    ).toThrow(/TWILIO_FROM: SMS_PROVIDER=twilio needs either TWILIO_MESSAGING_SERVICE_SID or TWILIO_FROM/)
    expect(() => loadConfig({ SMSAPI_TOKEN: 'tok' })).toThrow(/SMS_PROVIDER: SMSAPI_TOKEN needs SMS_PROVIDER/)
    expect(() => loadConfig({ SMS_PROVIDER: 'sms77' })).toThrow(/SMS_PROVIDER must be smsapi or twilio/)
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'nope' })).toThrow(
      /TWILIO_ACCOUNT_SID must be AC and 32 hex digits/,
    )
    expect(() => loadConfig({ SMSAPI_SENDER: 'A sender name too long' })).toThrow(
      /SMSAPI_SENDER must be 1 to 11/,
    )
  })
})
