import { useLingui } from '@lingui/react'
import { useEffect } from 'react'
import type { Profile } from '../../domain/api/profile.ts'
import type { Locale } from '../../domain/constants.ts'
import { useProfile } from '../api/profile.ts'
import { useUpdateProfile } from '../api/profile-update.ts'
import { useSession } from '../api/session.ts'
import { activateLocale, readStoredLocale } from '../config/i18n.ts'
import { localeErrorText, showErrorToast } from '../features/profile/profile-toasts.ts'

// The profile's locale (`locale`, product-rules.md "Records and fields") and the interface language
// stay one choice: once per sign-in the interface takes the profile's, unless the user chose a
// language while signed out (on the login screen): that choice wins and is saved to the profile
// (docs/decisions.md "The language chosen on the login screen wins over the profile's"). Switching
// in the top bar saves it too.

/** Set when the language is switched while signed out, cleared by the next sign-in. */
export const SIGNED_OUT_CHOICE_KEY = 'locale_chosen_signed_out'

function signedOutChoice(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_OUT_CHOICE_KEY) !== null
  } catch {
    return false
  }
}

function markSignedOutChoice(chosen: boolean): void {
  try {
    if (chosen) window.localStorage.setItem(SIGNED_OUT_CHOICE_KEY, '1')
    else window.localStorage.removeItem(SIGNED_OUT_CHOICE_KEY)
  } catch {
    // Without storage the choice lasts until the next sign-in only.
  }
}

let adoptedFor: string | null = null

/** After sign-in, once: the language chosen on the login screen is saved, else the profile's is taken. */
export function useAdoptProfileLocale(profile: Profile | undefined) {
  const session = useSession()
  const { i18n } = useLingui()
  const update = useUpdateProfile()
  const save = update.mutate
  const key = session ? `${session.userId}|${session.expiresAt}` : null
  useEffect(() => {
    if (!profile || !key || adoptedFor === key) return
    adoptedFor = key
    const shown = i18n.locale
    if (signedOutChoice()) {
      // What was chosen, not what is shown: its catalog may still be downloading (a slow network,
      // a quick sign-in), and the choice must not give way to the profile's language.
      const chosen = readStoredLocale()
      if (shown !== chosen) void activateLocale(chosen)
      // The choice is kept until the profile has it: a reload before the save lands keeps it too.
      if (profile.locale === chosen) markSignedOutChoice(false)
      else
        save(
          { locale: chosen },
          {
            onSuccess: () => markSignedOutChoice(false),
            onError: () => showErrorToast(localeErrorText),
          },
        )
    } else if (profile.locale !== shown) void activateLocale(profile.locale)
  }, [profile, key, i18n.locale, save])
}

/**
 * The top bar's language switch: the interface changes at once (it works offline); when signed in
 * the profile's locale is saved too, and a failure shows the change-locale error (product-rules.md
 * "Errors").
 */
export function useSwitchLocale() {
  const profile = useProfile().data
  const update = useUpdateProfile()
  return (locale: Locale) => {
    void activateLocale(locale)
    if (!profile) markSignedOutChoice(true)
    if (!profile || profile.locale === locale) return
    update.mutate({ locale }, { onError: () => showErrorToast(localeErrorText) })
  }
}
