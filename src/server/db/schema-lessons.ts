import { sql } from 'drizzle-orm'
import {
  boolean,
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
import { createdAt, languages, levels, timeSlots, updatedAt, users } from './schema.ts'
import { groupMeetings } from './schema-group-classes.ts'

// The lessons and what hangs on them (ratings, materials, absence reports, cancellation
// penalties); users, the reference data and the timetable are in schema.ts.

// Lesson (product-rules.md "Records and fields"), as booked, with the student's note and both memos
// (product-rules.md "Notes and memos": at most 255 characters each, also a CHECK in migration
// 0003). `lessons_active_slot_key` (partial unique index) makes a double booking of a slot
// impossible (architecture.md "Data"); a cancelled lesson frees its slot. Group lessons
// (`is_group`) are one row per participating student and are not booked through the timetable
// (docs/decisions.md).
export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Null once a schedule change removed the slot of a cancelled lesson (the lesson keeps its own
    // times); the slot of an active lesson is never deleted (timetables/repository.ts).
    timeSlotId: uuid('time_slot_id').references(() => timeSlots.id, { onDelete: 'set null' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    levelId: integer('level_id')
      .notNull()
      .references(() => levels.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancellationReason: text('cancellation_reason'),
    isGroup: boolean('is_group').notNull().default(false),
    /** A group lesson's meeting (schema-group-classes.ts): this row is its student's place in it. */
    groupMeetingId: uuid('group_meeting_id').references(() => groupMeetings.id, { onDelete: 'cascade' }),
    /**
     * is_learncube (product-rules.md "Records and fields"): held in LearnCube's classroom, marked
     * by an operator.
     */
    isLearncube: boolean('is_learncube').notNull().default(false),
    /**
     * room_token (product-rules.md "Records and fields"): the lesson's LearnCube classroom, an
     * unguessable name made when the lesson is first marked and kept (unmarking and marking again
     * finds the same classroom).
     */
    roomToken: text('room_token').unique(),
    note: text('note'),
    teacherMemos: text('teacher_memos'),
    studentMemos: text('student_memos'),
    /**
     * A group place only: when its student said they would not come to the meeting (they may take
     * it back before the start); no penalty, the meeting stays (docs/decisions.md).
     */
    groupAbsentAt: timestamp('group_absent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lessons_active_slot_key').on(t.timeSlotId).where(sql`${t.cancelledAt} IS NULL`),
    index('lessons_student_starts_idx').on(t.studentId, t.startsAt),
    index('lessons_teacher_starts_idx').on(t.teacherId, t.startsAt),
    uniqueIndex('lessons_group_meeting_student_key').on(t.groupMeetingId, t.studentId),
  ],
)

// Rating (product-rules.md "Records and fields"): one per lesson, by its student, 1–5 (CHECKs in
// migration 0003).
export const lessonRatings = pgTable('lesson_ratings', {
  lessonId: uuid('lesson_id')
    .primaryKey()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  value: smallint('value').notNull(),
  comment: text('comment').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

// lesson_files and FileItem (product-rules.md "Records and fields", "Screens and routes"): a
// material stored in FileStorage under `storage_key`. `owner_role` is the role that uploaded it,
// the only one that may delete it (product-rules.md "Roles and permissions"); `content_type` is the
// sniffed domain/files.ts FileType, never the client's claim.
export const lessonFiles = pgTable(
  'lesson_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    ownerRole: text('owner_role', { enum: ['student', 'teacher'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('lesson_files_lesson_idx').on(t.lessonId, t.createdAt),
    index('lesson_files_storage_key_idx').on(t.storageKey),
  ],
)

// Absence report (product-rules.md "Absence reports"): each party reports the other at most once
// per lesson; the primary key makes a concurrent second report impossible.
export const absenceReports = pgTable(
  'absence_reports',
  {
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    absenteeId: uuid('absentee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    /** Whether the absentee's socket ever joined the lesson room before the report. */
    absenteeJoined: boolean('absentee_joined').notNull().default(false),
    createdAt: createdAt(),
    /** The report's own name for the school's console: the key above is two columns. */
    id: uuid('id').notNull().defaultRandom(),
    /**
     * The school's review: open until an operator accepts it (the absentee's warning, ban or
     * penalty, product-rules.md "Warning and ban", "Teacher penalties") or dismisses it, with a
     * note (CHECKs in migration 0021).
     */
    status: text('status', { enum: ['open', 'accepted', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    primaryKey({ columns: [t.lessonId, t.reporterId] }),
    uniqueIndex('absence_reports_id_key').on(t.id),
    index('absence_reports_status_idx').on(t.status, t.createdAt),
  ],
)

// product-rules.md "Teacher penalties": "Teachers get a notice about a financial penalty for
// cancellation or absence": the record of it, for whoever settles the teachers' pay ('absence': an
// accepted absence report).
export const teacherPenalties = pgTable(
  'teacher_penalties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['late_cancellation', 'absence'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('teacher_penalties_teacher_idx').on(t.teacherId, t.createdAt),
    uniqueIndex('teacher_penalties_lesson_reason_key').on(t.lessonId, t.reason),
  ],
)
