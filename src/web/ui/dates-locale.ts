import 'dayjs/locale/pl.js'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { CalendarAriaLabels } from '@mantine/dates'

// @mantine/dates speaks dayjs's locales: Polish (imported here) and English (dayjs's own). Only the
// screens with a date or time input load this module.

/** The dayjs locale of the app's language. */
export const datesLocale = (appLocale: string): 'pl' | 'en' => (appLocale === 'pl' ? 'pl' : 'en')

/**
 * The calendar's locale and its controls' names, in the app's language (screen readers; its days
 * are named by dayjs in that locale, e.g. "17 maja 1995").
 */
export function useCalendarTexts(): {
  locale: 'pl' | 'en'
  ariaLabels: CalendarAriaLabels
} {
  const { i18n } = useLingui()
  const locale = datesLocale(i18n.locale)
  return {
    locale,
    ariaLabels: {
      previousMonth: i18n._(msg`Poprzedni miesiąc`),
      nextMonth: i18n._(msg`Następny miesiąc`),
      previousYear: i18n._(msg`Poprzedni rok`),
      nextYear: i18n._(msg`Następny rok`),
      previousDecade: i18n._(msg`Poprzednia dekada`),
      nextDecade: i18n._(msg`Następna dekada`),
      monthLevelControl: i18n._(msg`Wybierz miesiąc`),
      yearLevelControl: i18n._(msg`Wybierz rok`),
    },
  }
}
