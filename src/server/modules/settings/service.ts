import type { Settings } from '../../../domain/api/dictionaries.ts'
import {
  DEFAULT_BAN_DURATION_DAYS,
  DEFAULT_CANCELLATION_EARLINESS_HOURS,
  DEFAULT_LESSON_EARLINESS_HOURS,
} from '../../../domain/constants.ts'
import type { ServiceContext } from '../../context.ts'
import { OpsError } from '../../platform/errors.ts'
import { boardSettingsChanged } from '../board/teacher-board.ts'
import { findSettings, type SettingsValues, saveSettings } from './repository.ts'

// spec §3 Settings: ban_duration (days), cancellation_earliness (hours),
// lesson_earliness_condition (hours; spec §9 default 12).
export const DEFAULT_SETTINGS: SettingsValues = {
  banDuration: DEFAULT_BAN_DURATION_DAYS,
  cancellationEarliness: DEFAULT_CANCELLATION_EARLINESS_HOURS,
  lessonEarlinessCondition: DEFAULT_LESSON_EARLINESS_HOURS,
}

/** Bounds an operator may set: up to a year of ban, up to two weeks of notice. */
export const SETTING_BOUNDS = {
  banDuration: { min: 0, max: 365, flag: '--ban-duration', unit: 'days' },
  cancellationEarliness: { min: 0, max: 336, flag: '--cancellation-earliness', unit: 'hours' },
  lessonEarlinessCondition: { min: 0, max: 336, flag: '--lesson-earliness', unit: 'hours' },
} as const satisfies Record<keyof SettingsValues, { min: number; max: number; flag: string; unit: string }>

const SETTING_KEYS = ['banDuration', 'cancellationEarliness', 'lessonEarlinessCondition'] as const

const toDto = (values: SettingsValues): Settings => ({
  ban_duration: values.banDuration,
  cancellation_earliness: values.cancellationEarliness,
  lesson_earliness_condition: values.lessonEarlinessCondition,
})

export async function showSettings(ctx: Pick<ServiceContext, 'db'>): Promise<Settings> {
  return toDto((await findSettings(ctx.db)) ?? DEFAULT_SETTINGS)
}

/** Operator change (ops CLI); every value is checked against SETTING_BOUNDS. */
export async function updateSettings(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  changes: Partial<SettingsValues>,
): Promise<Settings> {
  for (const key of SETTING_KEYS) {
    const bounds = SETTING_BOUNDS[key]
    const value = changes[key]
    if (value !== undefined && !(Number.isInteger(value) && value >= bounds.min && value <= bounds.max)) {
      throw new OpsError(
        `${bounds.flag} must be a whole number of ${bounds.unit} from ${bounds.min} to ${bounds.max}.`,
      )
    }
  }
  const current = (await findSettings(ctx.db)) ?? DEFAULT_SETTINGS
  const next: SettingsValues = {
    banDuration: changes.banDuration ?? current.banDuration,
    cancellationEarliness: changes.cancellationEarliness ?? current.cancellationEarliness,
    lessonEarlinessCondition: changes.lessonEarlinessCondition ?? current.lessonEarlinessCondition,
  }
  const saved = await saveSettings(ctx.db, next, ctx.clock.now())
  boardSettingsChanged()
  return toDto(saved)
}
