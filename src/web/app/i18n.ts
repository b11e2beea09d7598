import { type I18n, i18n, type MessageDescriptor, setupI18n } from '@lingui/core'
import dayjs from 'dayjs'
import 'dayjs/locale/pl'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/constants.ts'
import { messages as enMessages } from '../locales/en.po'
import { messages as plMessages } from '../locales/pl.po'

// Both catalogs are small and ship with the shell, so switching works offline.
const catalogs = { pl: plMessages, en: enMessages } satisfies Record<Locale, unknown>
i18n.load(catalogs)

export const LOCALE_STORAGE_KEY = 'locale'

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((locale) => locale === value)
}

/** The remembered choice, else Polish (spec §1: Polish is the default locale). */
export function readStoredLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY)
    return isLocale(stored) ? stored : DEFAULT_LOCALE
  } catch {
    return DEFAULT_LOCALE
  }
}

/** Switches messages, `<html lang>` and dayjs together, and remembers the choice. */
export function activateLocale(locale: Locale): void {
  i18n.activate(locale)
  dayjs.locale(locale)
  document.documentElement.lang = locale
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale)
  } catch {
    // The choice then lasts for this visit only.
  }
}

const standalone = new Map<Locale, I18n>()

/** A message in a given locale regardless of the active one (the bilingual error screen). */
export function translateIn(locale: Locale, message: MessageDescriptor): string {
  let instance = standalone.get(locale)
  if (!instance) {
    instance = setupI18n({ locale, messages: { [locale]: catalogs[locale] } })
    standalone.set(locale, instance)
  }
  return instance._(message)
}
