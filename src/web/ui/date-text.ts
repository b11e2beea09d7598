import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat.js'

dayjs.extend(customParseFormat)

// The birth date followed the browser's format (05/17/1995 in an English browser); the app writes
// dates as dd.MM.yyyy everywhere (design.md "Words"). Read and written with dayjs, strictly:
// 31.02.1995 is no date.

const ISO = 'YYYY-MM-DD'
const SHOWN = 'DD.MM.YYYY'
/** One- or two-digit day and month, once any of , - / or a space between them became a dot. */
const TYPED = ['D.M.YYYY', 'DD.MM.YYYY', 'D.MM.YYYY', 'DD.M.YYYY']

/** 'YYYY-MM-DD' as 'dd.MM.yyyy'; anything else as it is (a date still being typed). */
export function showDate(value: string): string {
  const date = dayjs(value, ISO, true)
  return date.isValid() ? date.format(SHOWN) : value
}

/** What was typed as 'YYYY-MM-DD', or null when it is no (whole, real) date. */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim()
  const iso = dayjs(trimmed, ISO, true)
  if (iso.isValid()) return iso.format(ISO)
  const typed = dayjs(trimmed.replace(/[,\-/ ]/g, '.'), TYPED, true)
  return typed.isValid() ? typed.format(ISO) : null
}

/**
 * What was typed, as the form keeps it: 'dd.mm.yyyy' (one-digit day and month, and a comma, -, /
 * or a space between, are fine) and 'YYYY-MM-DD' become 'YYYY-MM-DD'; anything else stays as typed,
 * so the form's date rule names the problem.
 */
export const readDate = (text: string): string => parseTypedDate(text) ?? text
