import { i18n, type Messages } from '@lingui/core'

// A production build registers each module's Polish messages with the module (its chunk), by
// scripts/catalog-split.ts; this is where they land.
const registered = new Map<string, Messages>()

/**
 * The one object holding a locale's registered messages. i18n.ts hands this very object to
 * Lingui, so a chunk's messages join it without Lingui's change event: that event re-renders
 * every translated component, and a chunk's own components render after its messages are in.
 */
export function registeredMessages(locale: string): Messages {
  let messages = registered.get(locale)
  if (!messages) {
    messages = {}
    registered.set(locale, messages)
  }
  return messages
}

export function registerMessages(locale: string, messages: Messages): void {
  const target = registeredMessages(locale)
  Object.assign(target, messages)
  // Should Lingui hold a copy rather than this object, load them the usual way.
  if (i18n.locale === locale && i18n.messages !== target) i18n.load(locale, messages)
}
