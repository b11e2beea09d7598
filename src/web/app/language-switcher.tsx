import { useLingui } from '@lingui/react/macro'
import { SegmentedControl } from '@mantine/core'
import { LOCALES } from '../../domain/constants.ts'
import { activateLocale, isLocale } from './i18n.ts'

/** spec §2: upper-case locale codes of the available locales; the choice is remembered. */
export function LanguageSwitcher({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useLingui()
  return (
    <SegmentedControl
      size={size}
      radius="md"
      aria-label={t`Język`}
      value={i18n.locale}
      onChange={(value) => {
        if (isLocale(value)) activateLocale(value)
      }}
      data={LOCALES.map((locale) => ({ value: locale, label: locale.toUpperCase() }))}
    />
  )
}
