import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'

dayjs.extend(utc)

// Calendar dates of the web app ('YYYY-MM-DD' keys: Poland dates, product-rules.md "Time zone")
// read with dayjs. A calendar date has no zone, so it is read as a UTC day: no device zone moves
// it. Poland's own clock (its summer-time rule, shared with the server) stays in
// domain/poland-time.ts.

/** The UTC day of a date key. */
export const utcDay = (date: string) => dayjs.utc(date, 'YYYY-MM-DD')

/** ISO weekday of a date key: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string): number => utcDay(date).day() || 7
