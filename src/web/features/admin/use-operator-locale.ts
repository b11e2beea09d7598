import { useLingui } from '@lingui/react'
import { useEffect } from 'react'
import type { OperatorMe } from '../../api/admin.ts'
import { useSession } from '../../api/session.ts'
import { activateLocale, isLocale } from '../../config/i18n.ts'

// The operator's saved language (GET /operator/me `locale`, set by `create-operator --locale`)
// follows the students' and teachers' rule (app/use-profile-locale.ts): once per sign-in the
// console takes it, unless a language was chosen on this device (on the login screen, or with the
// console's switch). An operator's choice cannot be saved to the account (no console route changes
// it), so it stays this device's choice and keeps winning at each sign-in.

/**
 * app/use-profile-locale.ts SIGNED_OUT_CHOICE_KEY, read here rather than imported: the login page
 * loads that module, and each name it exports to this chunk costs the login's budget bytes.
 * operator-locale.test.tsx fails if the two part (a choice on the login screen must count here).
 */
const DEVICE_CHOICE_KEY = 'locale_chosen_signed_out'

function deviceChoice(): boolean {
  try {
    return window.localStorage.getItem(DEVICE_CHOICE_KEY) !== null
  } catch {
    return false
  }
}

function markDeviceChoice(): void {
  try {
    window.localStorage.setItem(DEVICE_CHOICE_KEY, '1')
  } catch {
    // Without storage the choice lasts until the next sign-in only.
  }
}

let adoptedFor: string | null = null

/** When the console opens after a sign-in, once: the operator's language, unless chosen here. */
export function useAdoptOperatorLocale(me: OperatorMe | undefined) {
  const session = useSession()
  const { i18n } = useLingui()
  const key = session ? `${session.userId}|${session.expiresAt}` : null
  useEffect(() => {
    if (!me || !key || adoptedFor === key) return
    adoptedFor = key
    if (deviceChoice() && isLocale(i18n.locale)) return
    if (me.locale !== i18n.locale) void activateLocale(me.locale)
  }, [me, key, i18n.locale])
}

/** The console's language switch: the interface at once, and this device's choice from now on. */
export function switchConsoleLocale(locale: string) {
  if (!isLocale(locale)) return
  markDeviceChoice()
  void activateLocale(locale)
}
