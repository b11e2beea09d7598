import type { Shape } from './fuzz-shapes.ts'

// SMS's routes for the fuzz, whose app sends through Twilio's stand-in: the profile's status and
// switch (off: the fuzz's student's number is not the point), the test SMS of a user with SMS off,
// and the gateways' reports: Twilio's unsigned (refused), SMSAPI's not configured.

export const SMS_SHAPES: Record<string, () => Shape[]> = {
  'GET /api/v1/sms/status': () => [{ as: 'student', expect: 200 }],
  'POST /api/v1/sms/switch': () => [{ as: 'student', body: { enabled: false }, expect: 200 }],
  'POST /api/v1/sms/test': () => [{ as: 'student', body: {}, expect: 409 }],
  'GET /api/v1/sms/reports/smsapi': () => [
    { as: 'anonymous', query: { key: '0'.repeat(32), MsgId: '1', status: '404' }, expect: 404 },
  ],
  'POST /api/v1/sms/reports/twilio': () => [
    { as: 'anonymous', body: { MessageSid: `SM${'0'.repeat(32)}`, MessageStatus: 'delivered' }, expect: 403 },
  ],
}
