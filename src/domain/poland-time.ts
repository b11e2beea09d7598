// Poland time (product-rules.md "Time zone"): CET (UTC+1), with summer time (CEST, UTC+2) from
// the last Sunday of March 02:00 to the last Sunday of October 03:00 local time — both changes
// happen at 01:00 UTC.
// Pure arithmetic on UTC fields, so the answers never depend on the machine's time zone.

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

export type PolandParts = {
  year: number
  /** 1–12 */
  month: number
  day: number
  hour: number
  minute: number
  second: number
  /** ISO weekday: 1 = Monday … 7 = Sunday */
  weekday: number
}

export type PolandLocal = { year: number; month: number; day: number; hour?: number; minute?: number }

const toMs = (instant: Date | number): number => (typeof instant === 'number' ? instant : instant.getTime())

/** Day of month of the last Sunday of `month` (1–12) in `year`. */
export function lastSundayOfMonth(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month, 0))
  return lastDay.getUTCDate() - lastDay.getUTCDay()
}

/** The instant summer time starts in `year` (last Sunday of March, 02:00 CET = 01:00 UTC). */
export function summerTimeStart(year: number): number {
  return Date.UTC(year, 2, lastSundayOfMonth(year, 3), 1)
}

/** The instant summer time ends in `year` (last Sunday of October, 03:00 CEST = 01:00 UTC). */
export function summerTimeEnd(year: number): number {
  return Date.UTC(year, 9, lastSundayOfMonth(year, 10), 1)
}

/** Summer time's [start, end) by year: every Poland time conversion asks (a search makes hundreds). */
const summerTimes = new Map<number, [number, number]>()

function summerTime(year: number): [number, number] {
  let range = summerTimes.get(year)
  if (!range) {
    range = [summerTimeStart(year), summerTimeEnd(year)]
    summerTimes.set(year, range)
  }
  return range
}

/** Offset of Poland time from UTC at `instant`, in minutes (60 or 120). */
export function polandOffsetMinutes(instant: Date | number): number {
  const ms = toMs(instant)
  const [start, end] = summerTime(new Date(ms).getUTCFullYear())
  return ms >= start && ms < end ? 120 : 60
}

export function toPolandParts(instant: Date | number): PolandParts {
  const ms = toMs(instant)
  const local = new Date(ms + polandOffsetMinutes(ms) * MINUTE_MS)
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay() === 0 ? 7 : local.getUTCDay(),
  }
}

/**
 * The instant of a Poland wall-clock time. In the autumn hour that occurs twice the earlier
 * (summer-time) instant is chosen; a time inside the spring gap (02:00–02:59 on the last Sunday
 * of March) does not exist and is read with the winter offset, i.e. moved one hour later.
 */
export function fromPolandLocal({ year, month, day, hour = 0, minute = 0 }: PolandLocal): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  const summer = asUtc - 2 * HOUR_MS
  if (polandOffsetMinutes(summer) === 120) return new Date(summer)
  return new Date(asUtc - HOUR_MS)
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** `YYYY-MM-DD` of the Poland calendar day that contains `instant`. */
export function polandDateKey(instant: Date | number): string {
  const p = toPolandParts(instant)
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`
}

/** The digits of `key` from `from` to `to` as a number, or NaN if any is not a digit. */
function digits(key: string, from: number, to: number): number {
  let value = 0
  for (let i = from; i < to; i++) {
    const digit = key.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return Number.NaN
    value = value * 10 + digit
  }
  return value
}

/** `YYYY-MM-DD` read without a regular expression (hot: every date of every schedule range). */
export function parseDateKey(key: string): { year: number; month: number; day: number } {
  const year = digits(key, 0, 4)
  const month = digits(key, 5, 7)
  const day = digits(key, 8, 10)
  if (key.length !== 10 || key[4] !== '-' || key[7] !== '-' || Number.isNaN(year + month + day))
    throw new RangeError(`Not a YYYY-MM-DD date: ${key}`)
  return { year, month, day }
}

/** Adds calendar days to a `YYYY-MM-DD` key (no time zone involved). */
export function addDays(key: string, days: number): string {
  const { year, month, day } = parseDateKey(key)
  const d = new Date(Date.UTC(year, month - 1, day) + days * DAY_MS)
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

/** Midnight (Poland time) that starts the Poland day containing `instant`. */
export function startOfPolandDay(instant: Date | number): Date {
  return fromPolandLocal(parseDateKey(polandDateKey(instant)))
}

/**
 * Monday 00:00 Poland time of the week containing `instant` (weeks start on Monday,
 * product-rules.md "Time zone").
 */
export function startOfPolandWeek(instant: Date | number): Date {
  const p = toPolandParts(instant)
  return fromPolandLocal(parseDateKey(addDays(polandDateKey(instant), 1 - p.weekday)))
}

/** `dd.MM.yyyy` in Poland time (design.md "Words"). */
export function formatPolandDate(instant: Date | number): string {
  const p = toPolandParts(instant)
  return `${pad(p.day)}.${pad(p.month)}.${pad(p.year, 4)}`
}

/** 24-hour `HH:mm` in Poland time. */
export function formatPolandTime(instant: Date | number): string {
  const p = toPolandParts(instant)
  return `${pad(p.hour)}:${pad(p.minute)}`
}
