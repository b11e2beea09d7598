import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { WaitlistEntry } from '../../../domain/api/waitlist.ts'

/** The toast after leaving a wait. */
export const leftText = msg`Nie czekasz już na terminy tego lektora.`

// How a waitlist's days and hours read, in the interface's language.

/** ISO weekday (1 = Monday) as the locale abbreviates it: "pon." / "Mon". */
export function weekdayName(locale: string, weekday: number, width: 'short' | 'long' = 'short'): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, weekday),
  )
}

export function waitlistSummary(i18n: I18n, entry: Pick<WaitlistEntry, 'weekdays' | 'from' | 'to'>): string {
  const days =
    entry.weekdays.length === 0
      ? i18n._(msg`każdy dzień`)
      : entry.weekdays.map((day) => weekdayName(i18n.locale, day)).join(', ')
  const hours =
    entry.from === null || entry.to === null ? i18n._(msg`o każdej porze`) : `${entry.from}–${entry.to}`
  return `${days} · ${hours}`
}
