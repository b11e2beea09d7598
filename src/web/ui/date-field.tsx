import '@mantine/core/styles/UnstyledButton.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/dates/styles.css'
import { useLingui } from '@lingui/react/macro'
import { DateInput } from '@mantine/dates'
import type { FocusEventHandler, FormEvent, ReactNode } from 'react'
import { parseTypedDate, readDate } from './date-text.ts'
import { useCalendarTexts } from './dates-locale.ts'

export type DateFieldProps = {
  /** YYYY-MM-DD, or '' when empty (or the text as typed while it is no date: see below). */
  value: string
  onChange: (value: string) => void
  label: ReactNode
  /** Below the label; the format's hint when not given, none when null. */
  description?: ReactNode
  error?: ReactNode
  required?: boolean
  /** The latest date that can be picked or typed (YYYY-MM-DD): the date of birth's is today. */
  maxDate?: string
  onFocus?: FocusEventHandler<HTMLInputElement>
  onBlur?: FocusEventHandler<HTMLInputElement>
  disabled?: boolean
  /** A clear button (filters, optional dates); a date of birth is required and has none. */
  clearable?: boolean
  /** Where the calendar opens while no date is chosen: the decades suit a date of birth. */
  emptyLevel?: 'month' | 'decade'
}

const DATE_FORMAT = 'DD.MM.YYYY'

/**
 * A date as YYYY-MM-DD, typed as dd.mm.yyyy (the app's format in both languages) or picked from
 * @mantine/dates' calendar, where days after `maxDate` cannot be chosen. Text that is no date yet,
 * or a date after `maxDate`, is passed on as typed, so the form's date rule says what is wrong
 * (Mantine's input would only keep the last good date).
 */
export function DateField({
  value,
  onChange,
  label,
  description,
  error,
  required,
  maxDate,
  onFocus,
  onBlur,
  disabled,
  clearable = false,
  emptyLevel = 'decade',
}: DateFieldProps) {
  const { t } = useLingui()
  const { locale, ariaLabels } = useCalendarTexts()
  const allowed = (date: string | null): date is string => date !== null && (!maxDate || date <= maxDate)
  const picked = parseTypedDate(value)
  return (
    <DateInput
      label={label}
      description={description === undefined ? t`W formacie dd.mm.rrrr, np. 17.05.1995` : description}
      placeholder={t`dd.mm.rrrr`}
      error={error}
      required={required}
      // Digits with a separator: "decimal" keyboards have the dot (or comma) "numeric" ones lack.
      inputMode="decimal"
      disabled={disabled}
      value={allowed(picked) ? picked : null}
      valueFormat={DATE_FORMAT}
      dateParser={parseTypedDate}
      maxDate={maxDate}
      locale={locale}
      firstDayOfWeek={1}
      ariaLabels={ariaLabels}
      // Until a date is chosen the calendar opens on `emptyLevel` (a date of birth: the decades).
      defaultLevel={picked ? 'month' : emptyLevel}
      fixOnBlur={false}
      clearable={clearable}
      clearButtonProps={{ 'aria-label': t`Wyczyść datę` }}
      popoverProps={{ withinPortal: true }}
      onChange={(date) => onChange(date ?? '')}
      // What Mantine does not take (no date, or after maxDate) reaches the form as typed.
      onChangeCapture={(event: FormEvent<HTMLInputElement>) => {
        const text = event.currentTarget.value
        if (!allowed(parseTypedDate(text))) onChange(text.trim() === '' ? '' : readDate(text))
      }}
      onFocus={onFocus}
      onBlur={onBlur}
    />
  )
}
