import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './schema.ts'
import { lessons } from './schema-lessons.ts'

// Notifications of lessons: which of a lesson's messages have been planned as jobs
// (platform/jobs.ts), so that a message is planned once, a sweep finds what a crash left
// unplanned, and a cancellation cancels the lesson's reminders in its own transaction.

/** E-mails (`booked` … `cancelled`) and the installed app's pushes (`push_*`, item 4). */
export const NOTIFICATION_KINDS = [
  'booked',
  'first_reminder',
  'second_reminder',
  'cancelled',
  'push_booked',
  'push_soon',
  'push_cancelled',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const lessonNotifications = pgTable(
  'lesson_notifications',
  {
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** Who gets it: the lesson's teacher or its student. */
    recipient: text('recipient', { enum: ['teacher', 'student'] }).notNull(),
    /** The pg-boss job that sends it. */
    jobId: uuid('job_id').notNull(),
    plannedAt: timestamp('planned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.kind, t.recipient] })],
)

/**
 * Booking notices owed: the booking's own transaction (`lektorium_book_lessons`) adds a row per
 * lesson booked, and planning the booking's e-mails and the teacher's push deletes it in the same
 * transaction that plans them. What a crash leaves here, the sweep plans (a transactional outbox:
 * docs/decisions.md "A booking's messages owed in its own transaction").
 */
export const lessonBookingNotices = pgTable('lesson_booking_notices', {
  lessonId: uuid('lesson_id')
    .primaryKey()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

const at = (name: string) => timestamp(name, { withTimezone: true })
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

/**
 * A device's web-push subscription: the push service's endpoint and the keys the
 * payload is encrypted for. One row per endpoint; a 404/410 from the push service deletes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSentAt: at('last_sent_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)

/**
 * A user's private calendar feed: the secret in its URL. Revoking deletes the
 * row, so the old URL answers 404; a new one gets a new secret.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the secret (platform/tokens.ts): the address is shown once, when made. */
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
)

/**
 * A student waiting for a teacher's slot to free up: optionally only on some days (ISO 1 = Monday …
 * 7) and between two times of day (minutes after midnight, Poland time). One entry per student and
 * teacher; told in the order they asked (`created_at`).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: userRef('student_id'),
    teacherId: userRef('teacher_id'),
    weekdays: smallint('weekdays').array().notNull().default([]),
    fromMinute: integer('from_minute'),
    toMinute: integer('to_minute'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_student_teacher_key').on(t.studentId, t.teacherId),
    index('waitlist_entries_teacher_idx').on(t.teacherId, t.createdAt),
  ],
)

/** Which freed slot an entry has been told of (once each), and the job that tells it. */
export const waitlistNotices = pgTable(
  'waitlist_notices',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    slotStartsAt: at('slot_starts_at').notNull(),
    jobId: uuid('job_id').notNull(),
    plannedAt: at('planned_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.slotStartsAt] })],
)

/**
 * E-mails that must not be lost (platform/mail-outbox.ts): one row per message (`kind` and the
 * row it is about, `ref`), claimed for a while by the one process sending it and marked sent after,
 * so the message's jobs and the write's own process send it once between them.
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    kind: text('kind').notNull(),
    ref: uuid('ref').notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.ref] })],
)

/** What a group meeting's participants are told (product-rules.md "Group classes"). */
export const MEETING_NOTICE_KINDS = ['enrolled', 'invitation', 'changed', 'cancelled', 'removed'] as const
export type MeetingNoticeKind = (typeof MEETING_NOTICE_KINDS)[number]

/**
 * Group-class messages owed: database triggers (migration 0029) add a row per recipient in the
 * transaction of any write to a class's members, meetings or places; the transaction that plans
 * them as jobs deletes them, and the sweep plans what a crash left (docs/decisions.md "A group
 * meeting's messages owed by triggers"). No foreign keys: a row outlives what it names by at most
 * one planning, which drops it.
 */
export const groupMeetingNotices = pgTable(
  'group_meeting_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id').notNull(),
    /** Null for the enrolment e-mail, which is about the class. */
    meetingId: uuid('meeting_id'),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: MEETING_NOTICE_KINDS }).notNull(),
    /** The meeting's calendar SEQUENCE the message was owed at. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('group_meeting_notices_created_idx').on(t.createdAt)],
)

/** A meeting's timed messages planned (once per participant, kind and version of the meeting). */
export const groupMeetingNotifications = pgTable(
  'group_meeting_notifications',
  {
    meetingId: uuid('meeting_id').notNull(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ['first_reminder', 'second_reminder', 'push_soon'] }).notNull(),
    sequence: integer('sequence').notNull(),
    jobId: uuid('job_id').notNull(),
    plannedAt: at('planned_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId, t.kind, t.sequence] })],
)
