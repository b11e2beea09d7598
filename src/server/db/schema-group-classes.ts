import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, languages, levels, updatedAt, users } from './schema.ts'

// Group classes (product-rules.md "Group classes"): a course a teacher holds for up to 12 students,
// its enrolment (with a waiting list in order) and its meetings. Each enrolled student's place in a
// meeting is a lesson row (`lessons.group_meeting_id`, `is_group`), so the lists, ratings and
// materials of lessons serve group meetings too. A meeting takes the teacher's time: no slot
// exists where an active meeting is (migration 0026's trigger), and meetings of one teacher never
// overlap (`group_meetings_no_overlap`).

const at = (name: string) => timestamp(name, { withTimezone: true })

export const groupClasses = pgTable(
  'group_classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    levelId: integer('level_id')
      .notNull()
      .references(() => levels.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The company the class is sold to, if any (the console filters by it). */
    companyName: text('company_name'),
    capacity: smallint('capacity').notNull(),
    /** The room the meetings are held in: the built-in group room or the teacher's Vonage. */
    provider: text('provider', { enum: ['builtin', 'vonage'] })
      .notNull()
      .default('builtin'),
    cancelledAt: at('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('group_classes_capacity', sql`${t.capacity} BETWEEN 2 AND 12`),
    index('group_classes_teacher_idx').on(t.teacherId),
  ],
)

/** A student enrolled in a class, or waiting for a place (`waiting_since`, first come first in). */
export const groupClassMembers = pgTable(
  'group_class_members',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => groupClasses.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['enrolled', 'waiting'] }).notNull(),
    /** When the student joined the waiting list (its order); null once enrolled. */
    waitingSince: at('waiting_since'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.studentId] }),
    index('group_class_members_student_idx').on(t.studentId),
  ],
)

export const groupMeetings = pgTable(
  'group_meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => groupClasses.id, { onDelete: 'cascade' }),
    /** The class's teacher, here too so that one teacher's meetings cannot overlap. */
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    cancelledAt: at('cancelled_at'),
    /** Raised at each move or cancellation: the calendars' SEQUENCE of the meeting's invitation. */
    sequence: integer('sequence').notNull().default(0),
    /** The teacher's memo, shown to every enrolled student. */
    teacherMemo: text('teacher_memo'),
    createdAt: createdAt(),
  },
  (t) => [
    check('group_meetings_times', sql`${t.endsAt} > ${t.startsAt}`),
    index('group_meetings_class_starts_idx').on(t.classId, t.startsAt),
    index('group_meetings_teacher_starts_idx').on(t.teacherId, t.startsAt),
  ],
)
