import { useLingui } from '@lingui/react/macro'
import { SegmentedControl } from '@mantine/core'
import { LOCALES } from '../../../domain/constants.ts'
import { switchConsoleLocale } from './use-operator-locale.ts'

/**
 * The console's language switch: upper-case locale codes as in the app's top bar. An operator has
 * no profile of the app to save it to, so the choice is remembered on this device, where it wins
 * over the operator's saved language at the next sign-in (use-operator-locale.ts).
 */
export function ConsoleLanguageSwitcher({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useLingui()
  return (
    <SegmentedControl
      size={size}
      radius="md"
      aria-label={t`Język`}
      value={i18n.locale}
      onChange={switchConsoleLocale}
      data={LOCALES.map((locale) => ({ value: locale, label: locale.toUpperCase() }))}
    />
  )
}
