import { i18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/constants.ts'
import { registeredMessages } from './catalog-registry.ts'

// A page downloads the texts it shows (decisions.md "The first load: a page downloads what it
// shows"). In a production build the Polish messages (the default, product-rules.md "Who uses it")
// come with the chunks that use them (scripts/catalog-split.ts); development and tests load the
// whole catalog. English is a chunk of its own, loaded when chosen; the service worker precaches
// it, so switching still works offline.
const loaders: Record<Locale, () => Promise<Messages>> = {
  pl: async () =>
    import.meta.env.PROD ? registeredMessages('pl') : (await import('../locales/pl.po')).messages,
  en: async () => (await import('../locales/en.po')).messages,
}
const catalogs = new Map<Locale, Messages>()

export const LOCALE_STORAGE_KEY = 'locale'

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((locale) => locale === value)
}

/** The remembered choice, else Polish (the default locale, product-rules.md "Who uses it"). */
export function readStoredLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY)
    return isLocale(stored) ? stored : DEFAULT_LOCALE
  } catch {
    return DEFAULT_LOCALE
  }
}

export const isCatalogLoaded = (locale: Locale) => catalogs.has(locale)

/** Downloads a locale's catalog, once. */
export async function loadCatalog(locale: Locale): Promise<void> {
  if (catalogs.has(locale)) return
  const messages = await loaders[locale]()
  catalogs.set(locale, messages)
  i18n.load(locale, messages)
}

function switchTo(locale: Locale): void {
  i18n.activate(locale)
  document.documentElement.lang = locale
}

function remember(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale)
  } catch {
    // The choice then lasts for this visit only.
  }
}

/**
 * Switches messages and `<html lang>` together, and remembers the choice. Awaiting it waits for the
 * catalog; a catalog that cannot be downloaded leaves the current language (or Polish) in place.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  // Remembered at once, with the signed-out choice (use-profile-locale.ts): a reload or a sign-in
  // while the catalog downloads keeps what the person chose.
  remember(locale)
  if (catalogs.has(locale)) return switchTo(locale)
  try {
    await loadCatalog(locale)
    switchTo(locale)
  } catch (error) {
    console.warn(`The ${locale} catalog could not be loaded`, error)
    if (i18n.locale || locale === DEFAULT_LOCALE) return
    // The first start of an English user without the English chunk: Polish (always here).
    await loadCatalog(DEFAULT_LOCALE).catch(() => undefined)
    switchTo(DEFAULT_LOCALE)
  }
}

/**
 * A message in a given locale regardless of the active one (the bilingual error screen), or null
 * while that locale's catalog is not loaded.
 */
export function translateIn(locale: Locale, message: MessageDescriptor): string | null {
  const catalog = catalogs.get(locale)
  if (!catalog) return null
  return setupI18n({ locale, messages: { [locale]: { ...catalog } } })._(message)
}
