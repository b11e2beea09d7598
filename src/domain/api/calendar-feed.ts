import * as v from 'valibot'
import { envelope } from './common.ts'

// A user's private calendar feed. The address holds a secret that the server keeps only hashed,
// so it is answered once, by calendar-feeds/create; afterwards the user sees that a feed exists
// and since when, and may make a new address or revoke it.

export const calendarFeedSchema = v.object({
  /** When the current address was made; null: the user has no feed. */
  created_at: v.nullable(v.string()),
  /** The address, only in the answer that made it. */
  url: v.optional(v.string()),
})
export type CalendarFeed = v.InferOutput<typeof calendarFeedSchema>
export const calendarFeedAnswerSchema = envelope(calendarFeedSchema)

export const calendarFeedQuery = v.object({
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
})
