import * as v from 'valibot'
import { emailSchema, localeSchema } from '../../domain/api/common.ts'
import { isCalendarDate } from '../../domain/validation/rules.ts'
import type { ServiceContext } from '../context.ts'
import type { Database } from '../db/client.ts'
import { importPglite, PgliteImportError, pgliteDirOf, setAsideImported } from '../db/pglite-import.ts'
import { CLI_ACTOR } from '../modules/admin/audit-repository.ts'
import { createOperator } from '../modules/admin/operators.ts'
import { invitationLines } from '../modules/invitations/ops-listing.ts'
import { inviteStudent } from '../modules/invitations/service.ts'
import { lackOfSlotsLines } from '../modules/language-onboardings/ops-listing.ts'
import { type LessonLimits, lessonLimits } from '../modules/lessons/limits.ts'
import { recapLines } from '../modules/recaps/ops-listing.ts'
import { markLearncube, setVideoProvider } from '../modules/room/provider-ops.ts'
import { type OperatorSettings, showOperatorSettings, updateSettings } from '../modules/settings/service.ts'
import { smsLines } from '../modules/sms/ops-listing.ts'
import { listPendingTeachers, verifyTeacher } from '../modules/users/service.ts'
import { OpsError } from '../platform/errors.ts'
import { filesToS3Lines } from '../platform/files-to-s3.ts'
import { startJobs } from '../platform/jobs.ts'
import { seedDemoData } from '../seed/seed.ts'

// Operator commands as data: the CLI builds them from argv (checked by this schema) and runs them
// through the same services as the HTTP API.

const settingValue = v.optional(v.pipe(v.number(), v.integer()))

export const opsCommandSchema = v.variant('command', [
  v.object({ command: v.literal('verify-teacher'), email: emailSchema }),
  // An operator of the school's console.
  v.object({
    command: v.literal('create-operator'),
    email: emailSchema,
    locale: localeSchema,
    // Shown in the audit log beside the e-mail.
    firstName: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100))),
    lastName: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100))),
  }),
  v.object({
    command: v.literal('invite-student'),
    email: emailSchema,
    humanAccess: v.boolean(),
    aiAccess: v.boolean(),
    onlyGroupLessons: v.boolean(),
    companyName: v.nullable(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100))),
    activeUntil: v.nullable(
      v.pipe(
        v.string(),
        v.isoDate('--active-until must be a date as YYYY-MM-DD'),
        // isoDate checks the shape only: 2026-02-31 must not reach the database.
        v.check(isCalendarDate, '--active-until is not a calendar date'),
      ),
    ),
    locale: localeSchema,
  }),
  v.object({
    command: v.literal('settings'),
    banDuration: settingValue,
    cancellationEarliness: settingValue,
    lessonEarlinessCondition: settingValue,
    firstReminderMinutes: settingValue,
    secondReminderMinutes: settingValue,
    recordingLessonMaxMb: settingValue,
    recordingDayMaxMb: settingValue,
    smsDailyUserMax: settingValue,
    smsDailySchoolMax: settingValue,
    recapDailyMax: settingValue,
    recapPublishAfterHours: settingValue,
  }),
  v.object({
    command: v.literal('lesson-limits'),
    email: emailSchema,
    scheduled: settingValue,
    // null: the teacher has no monthly cap (--monthly-cap none).
    monthlyCap: v.optional(v.nullable(v.pipe(v.number(), v.integer()))),
  }),
  v.object({ command: v.literal('pending-teachers') }),
  // Invited students without a password, and whether their invitation e-mail went out.
  v.object({ command: v.literal('invitations') }),
  v.object({
    command: v.literal('lack-of-slots'),
    since: v.nullable(
      v.pipe(
        v.string(),
        v.isoDate('--since must be a date as YYYY-MM-DD'),
        v.check(isCalendarDate, '--since is not a calendar date'),
      ),
    ),
  }),
  // LearnCube lessons, one (--lesson) or a teacher's future ones (--teacher).
  v.object({
    command: v.literal('learncube'),
    lessonId: v.nullable(v.pipe(v.string(), v.uuid('--lesson must be a lesson id (a UUID)'))),
    teacherEmail: v.nullable(emailSchema),
    on: v.boolean(),
  }),
  v.object({
    command: v.literal('video-provider'),
    email: emailSchema,
    provider: v.nullable(
      v.picklist(['builtin', 'vonage'], 'the provider must be builtin, vonage or default'),
    ),
  }),
  // What the job queue holds.
  v.object({ command: v.literal('jobs') }),
  // The last SMS and their state.
  v.object({ command: v.literal('sms') }),
  // The lesson recaps' states.
  v.object({ command: v.literal('recaps') }),
  v.object({ command: v.literal('seed') }),
  // A PGlite data directory of an earlier version (null: DATA_DIR/db).
  v.object({ command: v.literal('migrate-pglite'), from: v.nullable(v.pipe(v.string(), v.nonEmpty())) }),
  // The files of DATA_DIR/files (or --from DIR) into the S3 bucket.
  v.object({ command: v.literal('files-to-s3'), from: v.nullable(v.pipe(v.string(), v.nonEmpty())) }),
])

export type OpsCommand = v.InferOutput<typeof opsCommandSchema>

const settingsLines = (s: OperatorSettings) => [
  `ban_duration: ${s.ban_duration} days`,
  `cancellation_earliness: ${s.cancellation_earliness} hours`,
  `lesson_earliness_condition: ${s.lesson_earliness_condition} hours`,
  `first_reminder: ${s.first_reminder_minutes} minutes before a lesson`,
  `second_reminder: ${s.second_reminder_minutes} minutes before a lesson`,
  `recording_lesson_max: ${s.recording_lesson_max_mb} MB of recordings per lesson`,
  `recording_day_max: ${s.recording_day_max_mb} MB of recordings per teacher per day`,
  `sms_daily_user_max: ${s.sms_daily_user_max} SMS per user per day`,
  `sms_daily_school_max: ${s.sms_daily_school_max} SMS per day in all`,
  `recap_day_max: ${s.recap_daily_max} lesson recaps per day (0: recaps off)`,
  `recap_publish_after: ${s.recap_publish_after_hours} hours until a draft recap publishes itself`,
]

const limitsLine = (l: LessonLimits) =>
  l.role === 'student'
    ? `${l.email} (student): at most ${l.scheduledLessonsLimit} lessons scheduled at once`
    : `${l.email} (teacher): monthly lesson cap ${l.monthlyLessonCap ?? 'none'}`

export type OpsContext = ServiceContext & { database: Database }

/** Copies a PGlite database into this one (db/pglite-import.ts). */
async function migratePglite(ctx: OpsContext, from: string | null): Promise<string> {
  const dir = from ?? pgliteDirOf(ctx.config.dataDir)
  if (!dir) return `${ctx.config.dataDir}/db holds no PGlite database: nothing to copy.`
  let report: Awaited<ReturnType<typeof importPglite>>
  try {
    report = await importPglite(dir, ctx.database)
  } catch (error) {
    if (error instanceof PgliteImportError) throw new OpsError(error.message)
    throw error
  }
  if (!report) return `${dir} was copied into this database before; nothing changed.`
  const note = from ? '' : `; ${dir} was moved to ${setAsideImported(ctx.config.dataDir, dir)}`
  return `Copied ${report.rows} rows of ${report.tables} tables from ${dir}${note}.`
}

/** Runs one command; returns what to print. Failures throw OpsError with the message to print. */
export async function runOpsCommand(ctx: OpsContext, cmd: OpsCommand): Promise<string> {
  switch (cmd.command) {
    case 'verify-teacher': {
      const result = await verifyTeacher(ctx, cmd.email, CLI_ACTOR)
      if (result.alreadyVerified) return `${result.email} was already verified; nothing changed.`
      return result.mailError === null
        ? `Verified teacher ${result.email}: they can sign in now; the e-mail telling them so was sent.`
        : `Verified teacher ${result.email}: they can sign in now, but the e-mail telling them so could not be sent (${result.mailError}); let them know yourself.`
    }
    case 'create-operator': {
      const { expiresAt, resent } = await createOperator(
        ctx,
        { email: cmd.email, locale: cmd.locale, firstName: cmd.firstName, lastName: cmd.lastName },
        CLI_ACTOR,
      )
      return `${resent ? 'Sent a new link to operator' : 'Created operator'} ${cmd.email}; the e-mail with the link to set a password was sent (it expires ${expiresAt.toISOString()}). A second factor is set up at the first sign-in.`
    }
    case 'invite-student': {
      const { command: _, ...student } = cmd
      const { expiresAt } = await inviteStudent(ctx, student)
      return `Invited student ${cmd.email}; the invitation e-mail was sent (the link expires ${expiresAt.toISOString()}).`
    }
    case 'settings': {
      const { command: _, ...changes } = cmd
      const changed = Object.values(changes).some((value) => value !== undefined)
      const settings = changed
        ? await updateSettings(ctx, changes, CLI_ACTOR)
        : await showOperatorSettings(ctx)
      return [changed ? 'Settings updated:' : 'Current settings:', ...settingsLines(settings)].join('\n')
    }
    case 'lesson-limits': {
      const { command: _, email, ...changes } = cmd
      const limits = await lessonLimits(ctx, email, changes, CLI_ACTOR)
      return `${limits.changed ? 'Updated' : 'Current'}: ${limitsLine(limits)}.`
    }
    case 'pending-teachers': {
      const teachers = await listPendingTeachers(ctx)
      if (teachers.length === 0) return 'No teachers await verification.'
      const lines = teachers.map(
        (t) =>
          `${t.email}\t${[t.first_name, t.last_name].filter(Boolean).join(' ')}\tsince ${t.created_at.slice(0, 10)}`,
      )
      return [`${teachers.length} teacher(s) await verification:`, ...lines].join('\n')
    }
    case 'invitations':
      return invitationLines(ctx.db, ctx.clock.now())
    case 'lack-of-slots':
      return lackOfSlotsLines(ctx.db, cmd.since)
    case 'jobs': {
      const jobs = await startJobs(ctx.database.pool, ctx.log, { maintenance: false, clock: ctx.clock })
      try {
        const lines = (await jobs.counts()).map(
          (q) => `${q.queue}\twaiting ${q.waiting}\trunning ${q.active}\tfailed ${q.failed}`,
        )
        return ['Jobs per queue (failed: every retry used up):', ...lines].join('\n')
      } finally {
        await jobs.stop()
      }
    }
    case 'sms':
      return smsLines(ctx.db)
    case 'recaps':
      return recapLines(ctx.db)
    case 'seed': {
      const { created } = await seedDemoData(ctx)
      return `Dictionaries and settings are in place; ${created} demo account(s) created.`
    }
    case 'migrate-pglite':
      return migratePglite(ctx, cmd.from)
    case 'files-to-s3':
      return filesToS3Lines(ctx, cmd.from)
    case 'learncube': {
      const target = cmd.lessonId ? { lessonId: cmd.lessonId } : { teacherEmail: cmd.teacherEmail ?? '' }
      const count = await markLearncube(ctx, target, cmd.on)
      const what = cmd.lessonId
        ? `lesson ${cmd.lessonId}`
        : `${count} future lesson(s) of ${cmd.teacherEmail}`
      const note = ctx.config.video.learncube
        ? ''
        : ' LearnCube is not configured (LEARNCUBE_PUBLIC_KEY, LEARNCUBE_PRIVATE_KEY): until it is, they are held in the ordinary room.'
      return cmd.on
        ? `Marked ${what} as held in LearnCube.${note}`
        : `Unmarked ${what}: held in the ordinary room.`
    }
    case 'video-provider': {
      await setVideoProvider(ctx, cmd.email, cmd.provider)
      return cmd.provider
        ? `${cmd.email} teaches in the ${cmd.provider} room from their next token on.`
        : `${cmd.email} teaches in the school's default room (${ctx.config.video.defaultProvider}).`
    }
  }
}
