import * as v from 'valibot'
import { issue } from './issues.ts'

// PostgreSQL's `text` cannot hold U+0000 (the server refuses it: "invalid byte sequence"), and a
// lone surrogate (half of a UTF-16 pair) has no UTF-8 form: drivers turn it into U+FFFD, so the
// text read back would differ from the text written. Both are refused before they reach a query.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Whether PostgreSQL can store `value` exactly as written. */
export const isStorableText = (value: string): boolean =>
  !value.includes('\u0000') && !LONE_SURROGATE.test(value)

/**
 * A string that PostgreSQL can store: the base of every free-text field (notes, memos, reasons,
 * comments, about, description, links, names). `message` is the issue of a value that is no string.
 */
export const storableString = (message: string) =>
  v.pipe(v.string(message), v.check(isStorableText, issue('unstorable_text')))

/**
 * Whether `value` fits on one line: no C0 or C1 control character (CR, LF, TAB, ESC, DEL…) and no
 * Unicode line or paragraph separator. A name or a word carrying them breaks the e-mails, the lists
 * and the CSV rows it is written into (docs/decisions.md "Single-line fields").
 */
export function isSingleLine(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) return false
  }
  return true
}

/**
 * A single-line field's check, before trimming (a trailing line break is refused, not cut). A NUL
 * is reported once, as `unstorable_text`, by the storable check before it.
 */
export const singleLine = () =>
  v.check((value: string) => !isStorableText(value) || isSingleLine(value), issue('single_line'))
