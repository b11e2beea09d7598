import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Group, Stack, Text } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useId } from 'react'
import type { Interval } from '../../../domain/schedule/availability.ts'
import { Message } from '../../ui/message.tsx'
import { TimePicker } from '../../ui/time-picker.tsx'
import { validTime } from '../../ui/time-picker-options.ts'

type Props = {
  interval: Interval
  /** 1-based position, used in the labels ("przedział 2, poniedziałek"). */
  position: number
  dayLabel: string
  error?: MessageDescriptor
  onChange: (interval: Interval) => void
  onRemove: () => void
}

/**
 * One working interval of a day (the app's time picker): start and end on the 15-minute grid
 * between 06:00 and 23:00, the end only later than the start; its problem is shown beneath it.
 */
export function IntervalRow({ interval, position, dayLabel, error, onChange, onRemove }: Props) {
  const { t } = useLingui()
  const errorId = useId()
  return (
    <Stack
      gap={4}
      role="group"
      aria-label={t`Przedział ${position}, ${dayLabel}`}
      aria-describedby={error ? errorId : undefined}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TimePicker
          label={t`Od`}
          value={interval.start}
          // A start moved past the end clears the end: the picker offers only later times.
          onChange={(start) => onChange({ start, end: validTime(interval.end, start || undefined) })}
          error={Boolean(error)}
        />
        <TimePicker
          label={t`Do`}
          value={interval.end}
          after={interval.start || undefined}
          onChange={(end) => onChange({ ...interval, end })}
          error={Boolean(error)}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          mb={2}
          onClick={onRemove}
          aria-label={t`Usuń przedział ${position}, ${dayLabel}`}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {error && (
        <Text id={errorId} size="sm" c="red.8">
          <Message of={error} />
        </Text>
      )}
    </Stack>
  )
}
