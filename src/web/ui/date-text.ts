// issue #11 item 8: the birth date followed the browser's format (05/17/1995 in an English
// browser); the app writes dates as dd.MM.yyyy everywhere (DESIGN.md "Words").

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/
const TYPED = /^(\d{1,2})[.,\-/ ](\d{1,2})[.,\-/ ](\d{4})$/

/** 'YYYY-MM-DD' as 'dd.MM.yyyy'; anything else as it is (a date still being typed). */
export function showDate(value: string): string {
  const iso = ISO.exec(value)
  return iso ? `${iso[3]}.${iso[2]}.${iso[1]}` : value
}

/**
 * What was typed, as the form keeps it: 'dd.mm.yyyy' (one-digit day and month, and a comma, -, /
 * or a space between, are fine) and 'YYYY-MM-DD' become 'YYYY-MM-DD'; anything else stays as typed,
 * so the form's date rule names the problem.
 */
export function readDate(text: string): string {
  const trimmed = text.trim()
  if (ISO.test(trimmed)) return trimmed
  const typed = TYPED.exec(trimmed)
  if (!typed) return text
  const [, day = '', month = '', year = ''] = typed
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
}
