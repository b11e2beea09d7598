import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OperatorSettings } from '../../api/admin-settings.ts'

// The Settings of product-rules.md "Records and fields" (and the lesson reminders) as the console
// edits them. The bounds are the server's (server/modules/settings/service.ts SETTING_BOUNDS),
// repeated here only to say them beside each field and check them before sending; the server
// decides.

export type SettingKey = keyof OperatorSettings
type Unit = 'days' | 'hours' | 'minutes' | 'megabytes' | 'sms' | 'recaps'

export type SettingField = {
  key: SettingKey
  label: MessageDescriptor
  description: MessageDescriptor
  unit: Unit
  min: number
  max: number
}

export const settingFields: SettingField[] = [
  {
    key: 'cancellation_earliness',
    label: msg`Odwołanie bez konsekwencji`,
    description: msg`Ile godzin przed lekcją najpóźniej można ją odwołać bez ostrzeżenia lub kary.`,
    unit: 'hours',
    min: 0,
    max: 336,
  },
  {
    key: 'ban_duration',
    label: msg`Czas blokady konta`,
    description: msg`Na ile dni blokujemy kursanta po kolejnym późnym odwołaniu (po ostrzeżeniu).`,
    unit: 'days',
    min: 0,
    max: 365,
  },
  {
    key: 'lesson_earliness_condition',
    label: msg`Najkrótszy czas do lekcji przy rezerwacji`,
    description: msg`Ile godzin przed początkiem lekcji najpóźniej można ją zarezerwować.`,
    unit: 'hours',
    min: 0,
    max: 336,
  },
  {
    key: 'first_reminder_minutes',
    label: msg`Pierwsze przypomnienie`,
    description: msg`Ile minut przed lekcją wysyłamy pierwsze przypomnienie.`,
    unit: 'minutes',
    min: 0,
    max: 20_160,
  },
  {
    key: 'second_reminder_minutes',
    label: msg`Drugie przypomnienie`,
    description: msg`Ile minut przed lekcją wysyłamy drugie przypomnienie.`,
    unit: 'minutes',
    min: 0,
    max: 20_160,
  },
  {
    key: 'recording_lesson_max_mb',
    label: msg`Nagrania jednej lekcji`,
    description: msg`Ile megabajtów mogą zająć wszystkie nagrania jednej lekcji. Część nagrania ponad to nie jest przyjmowana.`,
    unit: 'megabytes',
    min: 1,
    max: 500_000,
  },
  {
    key: 'recording_day_max_mb',
    label: msg`Nagrania lektora w ciągu dnia`,
    description: msg`Ile megabajtów mogą zająć nagrania jednego lektora rozpoczęte tego samego dnia (czasu polskiego).`,
    unit: 'megabytes',
    min: 1,
    max: 500_000,
  },
  {
    key: 'sms_daily_user_max',
    label: msg`SMS do jednej osoby dziennie`,
    description: msg`Ile SMS-ów najwyżej wysyłamy jednej osobie w ciągu dnia (czasu polskiego). SMS-y ponad to nie są wysyłane.`,
    unit: 'sms',
    min: 0,
    max: 1000,
  },
  {
    key: 'sms_daily_school_max',
    label: msg`SMS-y szkoły dziennie`,
    description: msg`Ile SMS-ów najwyżej wysyła cała szkoła w ciągu dnia (czasu polskiego), żeby błąd nie nabił rachunku.`,
    unit: 'sms',
    min: 0,
    max: 1_000_000,
  },
  {
    key: 'recap_daily_max',
    label: msg`Podsumowania lekcji dziennie`,
    description: msg`Ile podsumowań nagranych lekcji może przygotować model szkoły w ciągu dnia (czasu polskiego). 0 wyłącza podsumowania.`,
    unit: 'recaps',
    min: 0,
    max: 10_000,
  },
  {
    key: 'recap_publish_after_hours',
    label: msg`Publikacja podsumowania bez lektora`,
    description: msg`Po ilu godzinach podsumowanie, którego lektor nie opublikował, samo trafia do kursanta.`,
    unit: 'hours',
    min: 1,
    max: 720,
  },
]

/** The unit's short name beside the field. */
export const unitLabel: Record<Unit, MessageDescriptor> = {
  days: msg`dni`,
  hours: msg`godz.`,
  minutes: msg`min`,
  megabytes: msg`MB`,
  sms: msg`SMS`,
  recaps: msg`dziennie`,
}

/** The allowed range in words, shown under the field and as its error. */
export function rangeText(field: Pick<SettingField, 'unit' | 'min' | 'max'>): MessageDescriptor {
  const { min, max } = field
  if (field.unit === 'days') return msg`Liczba całkowita od ${min} do ${max} dni`
  if (field.unit === 'hours') return msg`Liczba całkowita od ${min} do ${max} godzin`
  if (field.unit === 'megabytes') return msg`Liczba całkowita od ${min} do ${max} MB`
  if (field.unit === 'sms') return msg`Liczba całkowita od ${min} do ${max} SMS-ów`
  if (field.unit === 'recaps') return msg`Liczba całkowita od ${min} do ${max}`
  return msg`Liczba całkowita od ${min} do ${max} minut`
}

/** The typed value as a whole number within the field's range, or null. */
export function settingValue(field: Pick<SettingField, 'min' | 'max'>, text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d{1,6}$/.test(trimmed)) return null
  const value = Number(trimmed)
  return value >= field.min && value <= field.max ? value : null
}
