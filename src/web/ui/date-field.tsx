import { useLingui } from '@lingui/react/macro'
import { TextInput } from '@mantine/core'
import { type FocusEventHandler, type ReactNode, useState } from 'react'
import { readDate, showDate } from './date-text.ts'

export type DateFieldProps = {
  /** YYYY-MM-DD, or '' when empty. */
  value: string
  onChange: (value: string) => void
  label: ReactNode
  description?: ReactNode
  error?: ReactNode
  required?: boolean
  autoComplete?: string
  onFocus?: FocusEventHandler<HTMLInputElement>
  onBlur?: FocusEventHandler<HTMLInputElement>
  disabled?: boolean
}

/**
 * A date as YYYY-MM-DD, typed and shown as dd.mm.yyyy, the app's format in both languages
 * (issue #11 item 8: the browser's date control followed the browser's locale). Partial or wrong
 * text is passed on as typed, so the form's date rule says what is wrong.
 */
export function DateField({
  value,
  onChange,
  label,
  description,
  error,
  required,
  autoComplete = 'bday',
  onFocus,
  onBlur,
  disabled,
}: DateFieldProps) {
  const { t } = useLingui()
  // What the person typed, kept while it reads as the same date (so "7.5.1995" is not rewritten
  // under their fingers); otherwise the value shown in the app's format.
  const [typed, setTyped] = useState(showDate(value))
  const shown = readDate(typed) === value ? typed : showDate(value)
  return (
    <TextInput
      label={label}
      description={description ?? t`W formacie dd.mm.rrrr, np. 17.05.1995`}
      placeholder={t`dd.mm.rrrr`}
      error={error}
      required={required}
      autoComplete={autoComplete}
      // Digits with a separator: "decimal" keyboards have the dot (or comma) "numeric" ones lack.
      inputMode="decimal"
      disabled={disabled}
      value={shown}
      onFocus={onFocus}
      onBlur={onBlur}
      onChange={(event) => {
        const text = event.currentTarget.value
        setTyped(text)
        onChange(readDate(text))
      }}
    />
  )
}
