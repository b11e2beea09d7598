import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/UnstyledButton.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/dates/styles.css'
import { useLingui } from '@lingui/react/macro'
import { TimePicker as MantineTimePicker } from '@mantine/dates'
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import { TIME_STEP_MINUTES } from '../../domain/schedule/time-of-day.ts'
import { allowedTimes, snapTime, validTime } from './time-picker-options.ts'

export type TimePickerProps = {
  /** 'HH:mm' (Poland time) or '' when empty. */
  value: string
  onChange: (value: string) => void
  label: ReactNode
  /** Only times strictly later than this 'HH:mm' can be picked (e.g. an interval's end). */
  after?: string
  error?: ReactNode
  disabled?: boolean
  /** Offers a way back to "no time" (filters); a schedule interval always has one. */
  clearable?: boolean
}

/**
 * The time picker (product-rules.md "Validation", "Constants and limits"), on @mantine/dates'
 * TimePicker: hours and minutes typed in two spin buttons (arrows step the minutes by 15), or
 * picked from the allowed times (06:00 … 23:00 every 15 minutes, later than `after`). Only an
 * allowed time reaches the form; on leaving the field what was typed becomes one (only an hour:
 * that hour at 00; minutes: the nearest step).
 */
export function TimePicker({ value, onChange, label, after, error, disabled, clearable }: TimePickerProps) {
  const { t } = useLingui()
  const labelId = useId()
  const hoursRef = useRef<HTMLInputElement>(null)
  const minutesRef = useRef<HTMLInputElement>(null)
  // Mantine's fields keep what was typed; a new key shows them the time it became.
  const [generation, setGeneration] = useState(0)
  const presets = useMemo(() => allowedTimes(after), [after])
  // The time last given to the form or last heard from it. A second change made before the form's
  // answer to the first has come back (arrows pressed quickly on a slow phone) is compared with
  // the first, not with the value of the last render: else going back to that value is dropped.
  const current = useRef(value)
  useEffect(() => {
    current.current = value
  }, [value])
  const send = (time: string) => {
    if (time === current.current) return
    current.current = time
    onChange(time)
  }
  const typedTime = () => {
    const hours = hoursRef.current?.value ?? ''
    return hours === '' ? '' : `${hours}:${minutesRef.current?.value ?? ''}`
  }
  const leave = () => {
    const typed = typedTime()
    const time = snapTime(typed, after)
    send(time)
    if (time !== typed) setGeneration((n) => n + 1)
  }
  return (
    <MantineTimePicker
      key={generation}
      label={label}
      // The hour and minute spin buttons are one group named by the label ("Od", "Do").
      labelProps={{ id: labelId }}
      role="group"
      aria-labelledby={labelId}
      error={error}
      disabled={disabled}
      clearable={clearable}
      value={value}
      format="24h"
      minutesStep={TIME_STEP_MINUTES}
      withDropdown
      presets={presets}
      maxDropdownContentHeight={220}
      popoverProps={{ withinPortal: true }}
      hoursInputLabel={t`Godzina`}
      minutesInputLabel={t`Minuty`}
      hoursPlaceholder={t`gg`}
      minutesPlaceholder={t`mm`}
      hoursRef={hoursRef}
      minutesRef={minutesRef}
      onChange={(time) => {
        // An allowed time (typed or picked) at once; '' only when both fields are empty (cleared),
        // not while a field is being retyped (Mantine would empty the other one).
        if (time === '' ? typedTime() === '' : validTime(time, after) === time) send(time)
      }}
      onBlur={leave}
    />
  )
}
