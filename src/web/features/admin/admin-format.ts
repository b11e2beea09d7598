import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'

// How the console's lesson screens write people and times (design.md "Words": dd.MM.yyyy, 24-hour
// times, Poland time).

/** A person as the console names them: the full name, or the e-mail before registration. */
export const personName = (person: { name: string | null; email: string }) => person.name ?? person.email

/** "26.11.2026 18:00" in Poland time. */
export const polandDateTime = (iso: string) => {
  const at = new Date(iso)
  return `${formatPolandDate(at)} ${formatPolandTime(at)}`
}

/** "18:00–18:45", or "26.11.2026 18:00–18:45" with the day. */
export const lessonTimes = (startsAt: string, endsAt: string, withDay = true) => {
  const start = new Date(startsAt)
  const range = `${formatPolandTime(start)}–${formatPolandTime(new Date(endsAt))}`
  return withDay ? `${formatPolandDate(start)} ${range}` : range
}

/**
 * A stay's minutes as its times are shown (HH:mm, seconds dropped), at least 0: the same
 * "10:00–10:45" reads "45 min" for either party, whatever the seconds behind it.
 */
export const minutesBetween = (from: string, to: string) =>
  Math.max(0, Math.floor(Date.parse(to) / 60_000) - Math.floor(Date.parse(from) / 60_000))

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (text: string) => UUID.test(text)

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/
/** A real calendar day as YYYY-MM-DD (what a date field gives). */
export function isDayKey(text: string): boolean {
  if (!DATE_KEY.test(text)) return false
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A page number from the address: 1 unless a whole number 1–10 000. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1
}
