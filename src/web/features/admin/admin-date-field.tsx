import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { DateField } from '../../ui/date-field.tsx'
import { isDayKey } from './admin-format.ts'

// The console's dates: the app's date field (dd.mm.yyyy in both languages, typed or picked from the
// calendar) instead of the browser's own (mm/dd/yyyy in an English browser), clearable, its value
// YYYY-MM-DD as the URLs and the API keep it.

/** Text typed into a date field that is no whole date yet (the field passes it on as typed). */
export const isDayTypo = (value: string) => value !== '' && !isDayKey(value)

type Props = {
  label: ReactNode
  /** YYYY-MM-DD, '' for none, or the text as typed while it is no date. */
  value: string
  onChange: (value: string) => void
  error?: ReactNode
  description?: ReactNode
  /** Whether the form was sent: a date still being typed is named wrong then, else once left. */
  submitted?: boolean
}

export function AdminDateField({ label, value, onChange, error, description, submitted = false }: Props) {
  const { t, i18n } = useLingui()
  const [focused, setFocused] = useState(false)
  const typo = isDayTypo(value) && (submitted || !focused)
  // Mantine's input shows the date again in a new language, and half a date as nothing: the value
  // follows, or an empty field would be named wrong.
  const latest = useRef({ value, onChange })
  latest.current = { value, onChange }
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the language changes.
  useEffect(() => {
    if (isDayTypo(latest.current.value)) latest.current.onChange('')
  }, [i18n.locale])
  return (
    <DateField
      label={label}
      description={description ?? null}
      value={value}
      onChange={onChange}
      error={typo ? t`Podaj datę jako dd.mm.rrrr` : error}
      clearable
      emptyLevel="month"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    />
  )
}
