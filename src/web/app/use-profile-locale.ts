import { useLingui } from '@lingui/react'
import { useEffect } from 'react'
import type { Profile } from '../../domain/api/profile.ts'
import type { Locale } from '../../domain/constants.ts'
import { useProfile } from '../api/profile.ts'
import { useUpdateProfile } from '../api/profile-update.ts'
import { useSession } from '../api/session.ts'
import { localeErrorText, showErrorToast } from '../features/profile/profile-toasts.ts'
import { activateLocale } from './i18n.ts'

// The profile's locale (spec §3, §7 {locale}) and the interface language stay one choice: the
// profile's is taken once per sign-in, and switching in the top bar saves it (docs/decisions.md).

let adoptedFor: string | null = null

/** After sign-in the interface follows the language saved in the profile, once. */
export function useAdoptProfileLocale(profile: Profile | undefined) {
  const session = useSession()
  const { i18n } = useLingui()
  const key = session ? `${session.userId}|${session.expiresAt}` : null
  useEffect(() => {
    if (!profile || !key || adoptedFor === key) return
    adoptedFor = key
    if (profile.locale !== i18n.locale) void activateLocale(profile.locale)
  }, [profile, key, i18n.locale])
}

/**
 * The top bar's language switch: the interface changes at once (it works offline); when signed in
 * the profile's locale is saved too, and a failure shows the change-locale error (spec §8).
 */
export function useSwitchLocale() {
  const profile = useProfile().data
  const update = useUpdateProfile()
  return (locale: Locale) => {
    void activateLocale(locale)
    if (!profile || profile.locale === locale) return
    update.mutate({ locale }, { onError: () => showErrorToast(localeErrorText) })
  }
}
