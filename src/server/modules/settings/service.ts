import type { Settings } from '../../../domain/api/dictionaries.ts'
import {
  DEFAULT_BAN_DURATION_DAYS,
  DEFAULT_CANCELLATION_EARLINESS_HOURS,
  DEFAULT_LESSON_EARLINESS_HOURS,
} from '../../../domain/constants.ts'
import type { ServiceContext } from '../../context.ts'
import { OpsError } from '../../platform/errors.ts'
import { type AuditActor, writeAudit } from '../admin/public.ts'
import { findSettings, type SettingsValues, saveSettings } from './repository.ts'

// Settings (product-rules.md "Records and fields"): ban_duration (days), cancellation_earliness
// (hours), lesson_earliness_condition (hours; default 12, product-rules.md "Constants and limits").
// The e-mail reminders before a lesson, in minutes (0: that reminder is not sent).
export const DEFAULT_SETTINGS: SettingsValues = {
  banDuration: DEFAULT_BAN_DURATION_DAYS,
  cancellationEarliness: DEFAULT_CANCELLATION_EARLINESS_HOURS,
  lessonEarlinessCondition: DEFAULT_LESSON_EARLINESS_HOURS,
  firstReminderMinutes: 24 * 60,
  secondReminderMinutes: 60,
  // docs/decisions.md "A recording that cannot be decoded ends": the disk one teacher can fill.
  recordingLessonMaxMb: 3000,
  recordingDayMaxMb: 20_000,
  // product-rules.md "SMS": SMS a Poland day, to one user and from the whole school.
  smsDailyUserMax: 10,
  smsDailySchoolMax: 500,
  // docs/decisions.md "The lesson recap": off until the school switches it on; a day's review.
  recapDailyMax: 0,
  recapPublishAfterHours: 48,
}

/** Bounds an operator may set: up to a year of ban, up to two weeks of notice. */
export const SETTING_BOUNDS = {
  banDuration: { min: 0, max: 365, flag: '--ban-duration', unit: 'days' },
  cancellationEarliness: { min: 0, max: 336, flag: '--cancellation-earliness', unit: 'hours' },
  lessonEarlinessCondition: { min: 0, max: 336, flag: '--lesson-earliness', unit: 'hours' },
  firstReminderMinutes: { min: 0, max: 20_160, flag: '--first-reminder', unit: 'minutes' },
  secondReminderMinutes: { min: 0, max: 20_160, flag: '--second-reminder', unit: 'minutes' },
  recordingLessonMaxMb: { min: 1, max: 500_000, flag: '--recording-lesson-max', unit: 'MB' },
  recordingDayMaxMb: { min: 1, max: 500_000, flag: '--recording-day-max', unit: 'MB' },
  smsDailyUserMax: { min: 0, max: 1000, flag: '--sms-daily-user-max', unit: 'SMS' },
  smsDailySchoolMax: { min: 0, max: 1_000_000, flag: '--sms-daily-school-max', unit: 'SMS' },
  recapDailyMax: { min: 0, max: 10_000, flag: '--recap-day-max', unit: 'recaps' },
  recapPublishAfterHours: { min: 1, max: 720, flag: '--recap-publish-after', unit: 'hours' },
} as const satisfies Record<keyof SettingsValues, { min: number; max: number; flag: string; unit: string }>

const SETTING_KEYS = [
  'banDuration',
  'cancellationEarliness',
  'lessonEarlinessCondition',
  'firstReminderMinutes',
  'secondReminderMinutes',
  'recordingLessonMaxMb',
  'recordingDayMaxMb',
  'smsDailyUserMax',
  'smsDailySchoolMax',
  'recapDailyMax',
  'recapPublishAfterHours',
] as const

const toDto = (values: SettingsValues): Settings => ({
  ban_duration: values.banDuration,
  cancellation_earliness: values.cancellationEarliness,
  lesson_earliness_condition: values.lessonEarlinessCondition,
})

export async function showSettings(ctx: Pick<ServiceContext, 'db'>): Promise<Settings> {
  return toDto((await findSettings(ctx.db)) ?? DEFAULT_SETTINGS)
}

/**
 * What an operator sees and sets: the settings (product-rules.md "Records and fields") and the
 * reminders' times.
 */
export type OperatorSettings = Settings & {
  first_reminder_minutes: number
  second_reminder_minutes: number
  recording_lesson_max_mb: number
  recording_day_max_mb: number
  sms_daily_user_max: number
  sms_daily_school_max: number
  recap_daily_max: number
  recap_publish_after_hours: number
}

const toOperatorView = (values: SettingsValues): OperatorSettings => ({
  ...toDto(values),
  first_reminder_minutes: values.firstReminderMinutes,
  second_reminder_minutes: values.secondReminderMinutes,
  recording_lesson_max_mb: values.recordingLessonMaxMb,
  recording_day_max_mb: values.recordingDayMaxMb,
  sms_daily_user_max: values.smsDailyUserMax,
  sms_daily_school_max: values.smsDailySchoolMax,
  recap_daily_max: values.recapDailyMax,
  recap_publish_after_hours: values.recapPublishAfterHours,
})

export async function showOperatorSettings(ctx: Pick<ServiceContext, 'db'>): Promise<OperatorSettings> {
  return toOperatorView((await findSettings(ctx.db)) ?? DEFAULT_SETTINGS)
}

/**
 * Operator change (ops CLI, POST /admin/settings/update); every value is checked against
 * SETTING_BOUNDS. Audited with the values before and after, in the change's transaction.
 */
export async function updateSettings(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'changes'>,
  changes: Partial<SettingsValues>,
  actor: AuditActor,
): Promise<OperatorSettings> {
  for (const key of SETTING_KEYS) {
    const bounds = SETTING_BOUNDS[key]
    const value = changes[key]
    if (value !== undefined && !(Number.isInteger(value) && value >= bounds.min && value <= bounds.max)) {
      throw new OpsError(
        `${bounds.flag} must be a whole number of ${bounds.unit} from ${bounds.min} to ${bounds.max}.`,
      )
    }
  }
  const saved = await ctx.db.transaction(async (tx) => {
    const current = (await findSettings(tx, { forUpdate: true })) ?? DEFAULT_SETTINGS
    const next: SettingsValues = {
      banDuration: changes.banDuration ?? current.banDuration,
      cancellationEarliness: changes.cancellationEarliness ?? current.cancellationEarliness,
      lessonEarlinessCondition: changes.lessonEarlinessCondition ?? current.lessonEarlinessCondition,
      firstReminderMinutes: changes.firstReminderMinutes ?? current.firstReminderMinutes,
      secondReminderMinutes: changes.secondReminderMinutes ?? current.secondReminderMinutes,
      recordingLessonMaxMb: changes.recordingLessonMaxMb ?? current.recordingLessonMaxMb,
      recordingDayMaxMb: changes.recordingDayMaxMb ?? current.recordingDayMaxMb,
      smsDailyUserMax: changes.smsDailyUserMax ?? current.smsDailyUserMax,
      smsDailySchoolMax: changes.smsDailySchoolMax ?? current.smsDailySchoolMax,
      recapDailyMax: changes.recapDailyMax ?? current.recapDailyMax,
      recapPublishAfterHours: changes.recapPublishAfterHours ?? current.recapPublishAfterHours,
    }
    const now = ctx.clock.now()
    const row = await saveSettings(tx, next, now)
    await writeAudit(
      tx,
      actor,
      {
        action: 'settings.update',
        targetType: 'settings',
        targetId: null,
        before: toOperatorView(current),
        after: toOperatorView(row),
      },
      now,
    )
    return row
  })
  ctx.changes.publish({ kind: 'settings' })
  return toOperatorView(saved)
}
