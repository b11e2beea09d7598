import { TextInput } from '@mantine/core'
import type { FocusEventHandler, ReactNode } from 'react'
import { OLDEST_BIRTH_DATE } from '../../domain/validation/rules.ts'

export type DateFieldProps = {
  /** YYYY-MM-DD, or '' when empty. */
  value: string
  onChange: (value: string) => void
  label: ReactNode
  description?: ReactNode
  error?: ReactNode
  required?: boolean
  /** Latest allowed day (YYYY-MM-DD); the date of birth passes today (spec §5). */
  max?: string
  min?: string
  autoComplete?: string
  onFocus?: FocusEventHandler<HTMLInputElement>
  onBlur?: FocusEventHandler<HTMLInputElement>
  disabled?: boolean
}

/**
 * A date as YYYY-MM-DD through the browser's own date control: keyboard-accessible, localised by
 * the browser (dd.mm.yyyy in Polish) and with a native picker on phones.
 */
export function DateField({
  value,
  onChange,
  label,
  description,
  error,
  required,
  max,
  min = OLDEST_BIRTH_DATE,
  autoComplete = 'bday',
  onFocus,
  onBlur,
  disabled,
}: DateFieldProps) {
  return (
    <TextInput
      type="date"
      label={label}
      description={description}
      error={error}
      required={required}
      min={min}
      max={max}
      autoComplete={autoComplete}
      disabled={disabled}
      value={value}
      onFocus={onFocus}
      onBlur={onBlur}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  )
}
