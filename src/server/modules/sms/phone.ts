import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

// Where an SMS may go: the stored number read as E.164 by libphonenumber-js (with its full
// metadata, which knows mobile ranges), and only a mobile number (or one a country does not tell
// apart from a landline): a landline never receives the SMS it would be billed for.

const TEXTABLE = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER'])

/** The number in E.164 if it can take SMS, else null. Numbers without a calling code are Polish. */
export function smsNumber(stored: string | null): string | null {
  if (!stored) return null
  const parsed = parsePhoneNumberFromString(stored.replace(/\s/g, ''), 'PL')
  if (!parsed?.isValid()) return null
  const type = parsed.getType()
  return type && TEXTABLE.has(type) ? parsed.number : null
}
