import {
  type DecodedIssue,
  decodeIssue as decodeWith,
  type IssueCode,
  isIssueCode,
} from '../../domain/validation/issues.ts'

// The server's English for every validation issue code (domain/validation/issues.ts): the
// `message` of a field error, beside its `code`, for API clients that show the server's words.

export const VALIDATION_EN = {
  required: () => 'This field is required',
  invalid: () => 'Invalid value',
  unstorable_text: () => 'The text contains a character that cannot be saved',
  single_line: () => 'Write this on one line, without line breaks, tabs or control characters',
  email: () => 'Please enter a valid e-mail address',
  too_short: (n: string) => `At least ${n} characters`,
  too_long: (n: string) => `At most ${n} characters`,
  password_mismatch: () => 'Passwords do not match',
  name_format: () => 'Use letters, spaces, hyphens and apostrophes only',
  phone_format: () => 'Use at least 9 digits (a leading + is allowed)',
  date_format: () => 'Enter a date as YYYY-MM-DD',
  date_in_future: () => 'The date cannot be in the future',
  date_too_old: () => 'Enter a real date of birth',
  iban_format: () => 'Enter an IBAN: two letters, two digits, then up to 34 letters or digits',
  iban_country: () => 'This IBAN does not start with the code of a country that uses IBANs',
  iban_length: (n: string) => `An IBAN of this country has ${n} characters`,
  iban_checksum: () => 'This IBAN has a typo: its check digits do not match',
  swift_format: () => 'Enter a SWIFT/BIC code of 8 or 11 characters',
  swift_required: () => 'A SWIFT/BIC code is required for accounts outside Poland',
  street_format: () => "Use letters, digits, spaces and . ' - only",
  alphanumeric_format: () => 'Use letters and digits only',
  zip_format: () => 'Use digits, spaces and hyphens only',
  place_format: () => "Use letters, spaces, ' and - only",
  url_format: () => 'Enter a full web address starting with http:// or https://',
  push_service: () => "This address is not a browser's push service",
  links_required: () => 'Add at least one link',
  too_many: (n: string) => `At most ${n} items`,
  language_required: () => 'Choose a language',
  level_required: () => 'Choose a level',
  specialization_required: () => 'Choose at least one specialization',
  language_duplicate: () => 'This language is already on the list',
  teaching_language_required: () => 'Choose at least one language you teach in',
  agreement_required: () => 'This agreement is required',
  file_type: (types: string) => `Allowed file types: ${types}`,
  file_too_large: (mb: string) => `The file may be at most ${mb} MB`,
  file_required: () => 'Add a file',
  time_format: () => 'Enter a time as HH:mm',
  time_grid: () => 'Use 15-minute steps between 06:00 and 23:00',
  time_order: () => 'The start must be before the end',
  time_overlap: () => 'Intervals of one day must not overlap',
  date_out_of_range: () => 'Choose a date in the current or next week',
  range_too_long: (n: string) => `Choose at most ${n} days`,
  student_required: () => 'Select at least one student',
  student_unknown: () => 'No student account uses this address',
  slot_required: () => 'Choose at least one time',
  slot_duplicate: () => 'A time was chosen twice',
  time_window: () => 'The end must be after the start',
  one_field_required: () => 'Send exactly one of: note, teacher memo, student memo',
  rating_range: () => 'Choose from 1 to 5 stars',
} as const satisfies Record<IssueCode, (param: string) => string>

export { isIssueCode }

/** Reads a message written by `issue`; anything else (a foreign message) reads as `invalid`. */
export const decodeIssue = (message: string): DecodedIssue => decodeWith(message, isIssueCode)

export const englishIssue = ({ code, param }: DecodedIssue): string => VALIDATION_EN[code](param)
