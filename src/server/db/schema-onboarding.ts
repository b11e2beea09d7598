import { sql } from 'drizzle-orm'
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, users } from './schema.ts'

// The language onboarding (modules/language-onboardings). Apart from schema.ts, like
// the room's and the AI lesson's tables; drizzle.config.ts and all-tables.ts read every part.

// Lack-of-slots report (product-rules.md "Records and fields"): what a student asked for and nobody
// could teach. The student's name, e-mail and phone and the dictionary names are copied as they
// were when reported, so the list the school reads later says what the e-mail said. One report per
// student, criteria and Poland day: `criteria` joins the ids, date and hour.
export const lackOfSlotsReports = pgTable(
  'lack_of_slots_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    criteria: text('criteria').notNull(),
    reportedOn: date('reported_on', { mode: 'string' }).notNull(),
    studentFullName: text('student_full_name').notNull(),
    studentEmail: text('student_email').notNull(),
    studentPhoneNumber: text('student_phone_number'),
    teachingLanguage: text('teaching_language').notNull(),
    taughtLanguage: text('taught_language').notNull(),
    level: text('level').notNull(),
    specialization: text('specialization'),
    date: date('date', { mode: 'string' }).notNull(),
    hour: text('hour').notNull(),
    createdAt: createdAt(),
    /** When the school's digest took it; null while it waits for the next one. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** When an operator marked it handled in the school's console; null: waiting. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('lack_of_slots_reports_once_a_day_key').on(t.studentId, t.criteria, t.reportedOn),
    index('lack_of_slots_reports_created_idx').on(t.createdAt),
    index('lack_of_slots_reports_unmailed_idx').on(t.createdAt).where(sql`${t.mailedAt} IS NULL`),
    index('lack_of_slots_reports_unhandled_idx').on(t.createdAt).where(sql`${t.handledAt} IS NULL`),
  ],
)

/**
 * The last digest e-mail of each kind the school received (at most one an hour, across
 * every server process).
 */
export const operatorDigests = pgTable('operator_digests', {
  kind: text('kind').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
})
