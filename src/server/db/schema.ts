import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** The bank details' address (product-rules.md "Bank details"), as stored. */
export type StoredAddress = {
  street: string
  buildingNumber: string
  apartmentNumber?: string
  zip: string
  city: string
  country: string
}

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

// Profile (product-rules.md "Records and fields"). One table for both roles; teacher-only and
// student-only fields are nullable. status: 'invited' (student invited, not yet accepted),
// 'pending_verification' (teacher awaiting an operator), 'active', 'inactive'.
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    // 'operator' is the school's staff (the console), never a student or a teacher.
    role: text('role', { enum: ['student', 'teacher', 'operator'] }).notNull(),
    status: text('status', { enum: ['invited', 'pending_verification', 'active', 'inactive'] }).notNull(),
    registrationCompleted: boolean('registration_completed').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    dateOfBirth: date('date_of_birth'),
    phoneNumber: text('phone_number'),
    imageKey: text('image_key'),
    videoKey: text('video_key'),
    voiceSampleKey: text('voice_sample_key'),
    description: text('description'),
    about: text('about'),
    socialLinks: jsonb('social_links').$type<string[]>().notNull().default([]),
    tutorialFinished: boolean('tutorial_finished').notNull().default(false),
    hasCyclicalTimetable: boolean('has_cyclical_timetable').notNull().default(false),
    smsNotificationsEnabled: boolean('sms_notifications_enabled').notNull().default(false),
    emailNotificationsEnabled: boolean('email_notifications_enabled').notNull().default(true),
    commercialSmsConsent: boolean('commercial_sms_consent').notNull().default(false),
    commercialEmailConsent: boolean('commercial_email_consent').notNull().default(false),
    userRulesAgreed: boolean('user_rules_agreed').notNull().default(false),
    teacherRulesAgreed: boolean('teacher_rules_agreed').notNull().default(false),
    voiceRecordingAgreed: boolean('voice_recording_agreed').notNull().default(false),
    activeUntil: date('active_until'),
    companyName: text('company_name'),
    onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
    onlyGroupLessons: boolean('only_group_lessons').notNull().default(false),
    address: jsonb('address').$type<StoredAddress>(),
    iban: text('iban'),
    swift: text('swift'),
    aiAccess: boolean('ai_access').notNull().default(false),
    humanAccess: boolean('human_access').notNull().default(false),
    notAcceptingNewStudents: boolean('not_accepting_new_students').notNull().default(false),
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    locale: text('locale', { enum: ['pl', 'en'] })
      .notNull()
      .default('pl'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    // A student's limit of scheduled lessons (product-rules.md "Scheduled lessons limit"): 2 by
    // default; an operator may change it.
    scheduledLessonsLimit: integer('scheduled_lessons_limit').notNull().default(2),
    /**
     * A teacher's video provider, set by an operator; null: the school's default
     * (VIDEO_PROVIDER).
     */
    videoProvider: text('video_provider', { enum: ['builtin', 'vonage'] }),
    // A teacher's cap on lessons per Poland calendar month, the "maximum monthly income" of
    // product-rules.md "Errors" (docs/decisions.md); null means no cap.
    monthlyLessonCap: integer('monthly_lesson_cap'),
    // Profile average_rating and ratings of a teacher (product-rules.md "Ratings"), kept by the
    // ratings' own transaction: the mean of lesson_ratings.value (null without ratings) and their
    // number.
    averageRating: real('average_rating'),
    ratingsCount: integer('ratings_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_role_status_idx').on(t.role, t.status),
  ],
)

// Opaque bearer tokens, stored as SHA-256 hashes (architecture.md "API").
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // When an operator's session passed the second factor; null: operator APIs refuse it.
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
)

// A request per address (known or not) so the 2-minute rule answers the same for both
// (product-rules.md "Passwords").
export const passwordResetRequests = pgTable('password_reset_requests', {
  email: text('email').primaryKey(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
})

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When its e-mail went out; null while it waits in the mail outbox (platform/mail-outbox.ts). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_user_idx').on(t.userId),
  ],
)

// Language, Level, Specialization (product-rules.md "Records and fields").
export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  namePl: text('name_pl').notNull(),
  conjugatedName: text('conjugated_name').notNull(),
})

export const levels = pgTable('levels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  rank: smallint('rank').notNull(),
})

export const specializations = pgTable('specializations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  namePl: text('name_pl').notNull(),
})

// Teacher languages payload (product-rules.md "Records and fields").
export const teacherTaughtLanguages = pgTable(
  'teacher_taught_languages',
  {
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    levelId: integer('level_id')
      .notNull()
      .references(() => levels.id),
  },
  (t) => [
    primaryKey({ columns: [t.teacherId, t.languageId] }),
    index('teacher_taught_languages_lang_idx').on(t.languageId),
  ],
)

export const teacherTeachingLanguages = pgTable(
  'teacher_teaching_languages',
  {
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.languageId] })],
)

export const teacherSpecializations = pgTable(
  'teacher_specializations',
  {
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    specializationId: integer('specialization_id')
      .notNull()
      .references(() => specializations.id),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.languageId, t.specializationId] })],
)

export const studentLearnedLanguages = pgTable(
  'student_learned_languages',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.languageId] })],
)

// Settings (product-rules.md "Records and fields"): one row (id = 1).
export const settings = pgTable('settings', {
  id: smallint('id').primaryKey().default(1),
  banDuration: integer('ban_duration').notNull(),
  cancellationEarliness: integer('cancellation_earliness').notNull(),
  lessonEarlinessCondition: integer('lesson_earliness_condition').notNull(),
  // The two e-mail reminders before a lesson, in minutes before its start.
  firstReminderMinutes: integer('first_reminder_minutes').notNull().default(1440),
  secondReminderMinutes: integer('second_reminder_minutes').notNull().default(60),
  // The disk the browser's recordings may take: one lesson's, and one teacher's in a Poland day (MB).
  recordingLessonMaxMb: integer('recording_lesson_max_mb').notNull().default(3000),
  recordingDayMaxMb: integer('recording_day_max_mb').notNull().default(20_000),
  // SMS a Poland day: to one user, and from the whole school (a bug cannot run up a bill).
  smsDailyUserMax: integer('sms_daily_user_max').notNull().default(10),
  smsDailySchoolMax: integer('sms_daily_school_max').notNull().default(500),
  // The lesson recap (docs/decisions.md "The lesson recap"): recaps made per Poland day (0: off),
  // and the hours after which a draft the teacher left publishes itself.
  recapDailyMax: integer('recap_daily_max').notNull().default(0),
  recapPublishAfterHours: integer('recap_publish_after_hours').notNull().default(48),
  updatedAt: updatedAt(),
})

/**
 * What the running server announces to the operator commands: its PUBLIC_URL under 'public_url',
 * written at every start, so e-mailed links never use an address of their own.
 */
export const serverAnnouncements = pgTable('server_announcements', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
})

// Teacher availability (Schedule, product-rules.md "Records and fields"): the whole schedule of one
// teacher as sent by POST /teachers/timetables/update — `weekly` (ISO weekday '1'–'7' → intervals;
// null when the schedule is not cyclical) and `dates` ('YYYY-MM-DD' → intervals, overriding the
// weekday). jsonb because the rules are only ever read and replaced whole (docs/decisions.md).
export const availabilityRules = pgTable('availability_rules', {
  teacherId: uuid('teacher_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weekly: jsonb('weekly').$type<Record<string, { start: string; end: string }[]>>(),
  dates: jsonb('dates').$type<Record<string, { start: string; end: string }[]>>().notNull().default({}),
  /**
   * The first day (Poland date) of the schedule range whose slots were last made complete for
   * these rules (timetables/materialise.ts): equal to this week's Monday, nothing is missing, so
   * the start-up top-up skips the teacher. Null: not known, check.
   */
  slotsCompleteFrom: date('slots_complete_from', { mode: 'string' }),
  updatedAt: updatedAt(),
})

// 45-minute lesson slots materialised from the rules for the schedule range (product-rules.md
// "Constants and limits"). The migration adds `time_slots_no_overlap`: EXCLUDE USING gist
// (teacher_id WITH =, tstzrange(starts_at, ends_at) WITH &&) — no two slots of a teacher overlap
// (architecture.md "Data"). Lessons (booking) will reference a slot by `lessons.time_slot_id`.
export const timeSlots = pgTable(
  'time_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('time_slots_teacher_starts_key').on(t.teacherId, t.startsAt),
    // Teacher search looks for free slots in time windows across teachers.
    index('time_slots_starts_idx').on(t.startsAt),
  ],
)

// product-rules.md "Allowed students": whom a teacher who does not accept new students still takes.
export const teacherStudents = pgTable(
  'teacher_students',
  {
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.studentId] })],
)

// architecture.md "API": the first successful answer to a write sent with an Idempotency-Key,
// stored in the same transaction as the write, so a retry returns it and changes nothing again.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and path, e.g. `POST /lessons/create`. */
    scope: text('scope').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)

// Rate-limit counters (platform/rate-limit.ts): fixed windows shared by every server process of
// the database, `key` being `<limit name>:<account or address>`. Rows past `reset_at` are dead
// and swept now and then.
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
)
