import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { lessons } from './schema-lessons.ts'

// Notifications of lessons (issue #28): which of a lesson's messages have been planned as jobs
// (platform/jobs.ts), so that a message is planned once, a sweep finds what a crash left
// unplanned, and a cancellation cancels the lesson's reminders in its own transaction.

export const NOTIFICATION_KINDS = ['booked', 'first_reminder', 'second_reminder', 'cancelled'] as const
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
