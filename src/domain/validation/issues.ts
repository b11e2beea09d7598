// Validation issues carry a stable code instead of a sentence, so the same rule
// (product-rules.md "Validation") can be worded in English by the server
// (server/platform/issue-english.ts) and in Polish or English by the web (web/api/issue-messages.ts),
// each in a record with every code, which the compiler holds to this list. A valibot message is
// written as `code` or `code:param` (e.g. `too_short:60`) and decoded with `decodeIssue`. The
// wordings stay out of this file, and the web checks a code against its own record, not this
// list: the web's first page would carry the server's English.

export const ISSUE_CODES = [
  'required',
  'invalid',
  'unstorable_text',
  'single_line',
  'email',
  'too_short',
  'too_long',
  'password_mismatch',
  'name_format',
  'phone_format',
  'date_format',
  'date_in_future',
  'date_too_old',
  'iban_format',
  'iban_country',
  'iban_length',
  'iban_checksum',
  'swift_format',
  'swift_required',
  'street_format',
  'alphanumeric_format',
  'zip_format',
  'place_format',
  'url_format',
  'push_service',
  'links_required',
  'too_many',
  'language_required',
  'level_required',
  'specialization_required',
  'language_duplicate',
  'teaching_language_required',
  'agreement_required',
  'file_type',
  'file_too_large',
  'file_required',
  'time_format',
  'time_grid',
  'time_order',
  'time_overlap',
  'date_out_of_range',
  'range_too_long',
  'student_required',
  'student_unknown',
  'slot_required',
  'slot_duplicate',
  'time_window',
  'one_field_required',
  'rating_range',
] as const

export type IssueCode = (typeof ISSUE_CODES)[number]

/** Whether `value` is one of the codes. */
export const isIssueCode = (value: string): value is IssueCode => ISSUE_CODES.some((code) => code === value)

/** The valibot message for an issue: `code` or `code:param`. */
export const issue = (code: IssueCode, param?: string | number): string =>
  param === undefined ? code : `${code}:${param}`

export type DecodedIssue = { code: IssueCode; param: string }

/** A message's code and parameter as `issue` wrote them, the code not checked. */
export function splitIssue(message: string): { code: string; param: string } {
  const at = message.indexOf(':')
  return at < 0 ? { code: message, param: '' } : { code: message.slice(0, at), param: message.slice(at + 1) }
}

/**
 * Reads a message written by `issue`; anything else (a foreign message) reads as `invalid`.
 * `isCode` tells the codes (`isIssueCode`, or the web's own record of their texts).
 */
export function decodeIssue(message: string, isCode: (code: string) => code is IssueCode): DecodedIssue {
  const { code, param } = splitIssue(message)
  return isCode(code) ? { code, param } : { code: 'invalid', param: '' }
}
