import { useLingui } from '@lingui/react/macro'
import { SegmentedControl } from '@mantine/core'
import { LOCALES } from '../../domain/constants.ts'
import { isLocale } from '../config/i18n.ts'
import { useSwitchLocale } from './use-profile-locale.ts'

/**
 * product-rules.md "Screens and routes": upper-case locale codes of the available locales;
 * remembered, and saved to the profile.
 */
export function LanguageSwitcher({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useLingui()
  const switchLocale = useSwitchLocale()
  return (
    <SegmentedControl
      size={size}
      radius="md"
      aria-label={t`Język`}
      value={i18n.locale}
      onChange={(value) => {
        if (isLocale(value)) switchLocale(value)
      }}
      data={LOCALES.map((locale) => ({ value: locale, label: locale.toUpperCase() }))}
    />
  )
}
