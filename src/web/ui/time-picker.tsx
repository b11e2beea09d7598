import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import { useLingui } from '@lingui/react/macro'
import { Group, Input, Select } from '@mantine/core'
import { type ReactNode, useId } from 'react'
import { hourOptions, minuteOptions, withHour, withMinute } from './time-picker-options.ts'

export type TimePickerProps = {
  /** 'HH:mm' (Poland time) or '' when empty. */
  value: string
  onChange: (value: string) => void
  label: ReactNode
  /** Only times strictly later than this 'HH:mm' can be picked (spec §5, e.g. an interval's end). */
  after?: string
  error?: ReactNode
  disabled?: boolean
  /** Offers a way back to "no time" (filters); a schedule interval always has one. */
  clearable?: boolean
}

/**
 * spec §5 time picker: hour (06–23) and minutes (00, 15, 30, 45) as two keyboard-friendly selects
 * under one label; choosing only the hour sets the minutes to 00.
 */
export function TimePicker({ value, onChange, label, after, error, disabled, clearable }: TimePickerProps) {
  const { t } = useLingui()
  const labelId = useId()
  const hour = value.slice(0, 2)
  const minutes = hour ? minuteOptions(hour, after) : ['00', '15', '30', '45']
  return (
    <Input.Wrapper label={label} error={error} id={labelId} labelElement="div">
      <Group gap={6} wrap="nowrap" role="group" aria-labelledby={labelId}>
        <Select
          aria-label={t`Godzina`}
          placeholder={t`gg`}
          data={hourOptions(after)}
          value={hour || null}
          onChange={(next) => onChange(next ? withHour(next, value, after) : '')}
          disabled={disabled}
          clearable={clearable}
          allowDeselect={false}
          error={Boolean(error)}
          w={clearable ? 96 : 80}
          comboboxProps={{ withinPortal: true }}
        />
        <span aria-hidden="true">:</span>
        <Select
          aria-label={t`Minuty`}
          placeholder={t`mm`}
          data={minutes}
          value={value ? value.slice(3) : null}
          onChange={(next) => {
            const time = next ? withMinute(next, value) : null
            if (time) onChange(time)
          }}
          disabled={disabled || !hour}
          allowDeselect={false}
          error={Boolean(error)}
          w={80}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
    </Input.Wrapper>
  )
}
