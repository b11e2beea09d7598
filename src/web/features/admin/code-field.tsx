import { useLingui } from '@lingui/react/macro'
import { TextInput } from '@mantine/core'
import type { ReactNode } from 'react'

type Props = {
  value: string
  onChange: (value: string) => void
  error: ReactNode
  label?: ReactNode
  recovery?: boolean
}

/** A code of the authenticator app (6 digits) or, with `recovery`, a recovery code. */
export function CodeField({ value, onChange, error, label, recovery = false }: Props) {
  const { t } = useLingui()
  return (
    <TextInput
      label={label ?? (recovery ? t`Kod odzyskiwania` : t`Kod z aplikacji`)}
      description={recovery ? t`Na przykład 1a2b3-c4d5e` : t`6 cyfr`}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      required
      autoFocus
      autoComplete={recovery ? 'off' : 'one-time-code'}
      inputMode={recovery ? 'text' : 'numeric'}
      maxLength={recovery ? 40 : 7}
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.1em' } }}
    />
  )
}
