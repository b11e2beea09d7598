import { i18n, type Messages } from '@lingui/core'

// A production build registers each module's Polish messages with the module (its chunk), by
// scripts/catalog-split.ts; this is where they land.
const registered = new Map<string, Messages>()

export function registerMessages(locale: string, messages: Messages): void {
  registered.set(locale, { ...registered.get(locale), ...messages })
  i18n.load(locale, messages)
}

/** Every message registered so far for `locale` (the error screen translates with them). */
export function registeredMessages(locale: string): Messages | undefined {
  return registered.get(locale)
}
