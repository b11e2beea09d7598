import { index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './schema.ts'
import { lessons } from './schema-lessons.ts'

// SMS (modules/sms): every message handed to the gateway, or held back, one row per message
// (its `key` makes it once however often its job runs, in however many processes), and the users
// whose number failed for good.

export const SMS_KINDS = [
  'lesson_reminder',
  'lesson_cancelled',
  'group_meeting_moved',
  'group_meeting_cancelled',
  'test',
] as const
export type SmsKind = (typeof SMS_KINDS)[number]

/**
 * `sending`: claimed by one process until `claimed_until`; `retrying`: the gateway failed, the
 * job tries again; `sent`: the gateway took it; `delivered`/`failed`: its report (or a refusal);
 * `skipped`: held back (the daily cap, quiet hours until the lesson, too late).
 */
export const SMS_STATES = ['sending', 'retrying', 'sent', 'delivered', 'failed', 'skipped'] as const
export type SmsState = (typeof SMS_STATES)[number]

const at = (name: string) => timestamp(name, { withTimezone: true })

export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is about and for whom (`lesson_reminder:<lesson>:<party>:<start>`). */
    key: text('key').notNull(),
    kind: text('kind', { enum: SMS_KINDS }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    /** E.164. */
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    encoding: text('encoding', { enum: ['gsm7', 'ucs2'] }).notNull(),
    segments: smallint('segments').notNull(),
    provider: text('provider', { enum: ['smsapi', 'twilio'] }).notNull(),
    providerMessageId: text('provider_message_id'),
    state: text('state', { enum: SMS_STATES }).notNull(),
    /** Why it failed or was held back (a gateway's code, `daily_cap`, `quiet_hours`). */
    reason: text('reason'),
    attempts: smallint('attempts').notNull().default(0),
    claimedUntil: at('claimed_until'),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    /** When the state last changed. */
    stateAt: at('state_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_messages_key_key').on(t.key),
    index('sms_messages_created_idx').on(t.createdAt),
    index('sms_messages_user_idx').on(t.userId, t.createdAt),
    index('sms_messages_lesson_idx').on(t.lessonId),
    index('sms_messages_provider_idx').on(t.provider, t.providerMessageId),
  ],
)

/** A user whose SMS were turned off because their number failed for good: the profile says so. */
export const smsStops = pgTable('sms_stops', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  number: text('number').notNull(),
  reason: text('reason').notNull(),
  stoppedAt: at('stopped_at').notNull(),
})
