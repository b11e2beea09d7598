import '@mantine/core/styles/Badge.css'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import type { Interval } from '../../../domain/schedule/availability.ts'
import type { FieldMessages } from '../../api/issue-messages.ts'
import { Message } from '../../ui/message.tsx'
import { IntervalRow } from './interval-row.tsx'
import { lessonsIn, nextInterval } from './schedule-form.ts'
import { useRowKeys } from './use-row-keys.ts'

type Props = {
  /** The day's path: `weekdays.3` or `dates.2026-03-12`; its rows are `<prefix>.<index>`. */
  prefix: string
  label: string
  intervals: Interval[]
  messages: FieldMessages
  onChange: (intervals: Interval[]) => void
}

/**
 * "3 lekcje" / "3 lessons": what the day's intervals give (45 minutes, leftover dropped:
 * product-rules.md "Constants and limits").
 */
export function LessonCount({ intervals }: { intervals: Interval[] }) {
  const count = lessonsIn(intervals)
  if (intervals.length === 0)
    return (
      <Badge variant="light" color="gray">
        <Trans>Wolne</Trans>
      </Badge>
    )
  const lessons = plural(count, { one: '# lekcja', few: '# lekcje', many: '# lekcji', other: '# lekcji' })
  return (
    <Badge variant="light" color={count > 0 ? 'indigo' : 'orange'}>
      {lessons}
    </Badge>
  )
}

/** One day of the SetLesson form: its intervals, a lesson preview and add/remove buttons. */
export function DayEditor({ prefix, label, intervals, messages, onChange }: Props) {
  const { t } = useLingui()
  const dayError = messages[prefix]
  const rows = useRowKeys(intervals.length)
  const replace = (index: number, interval: Interval) =>
    onChange(intervals.map((current, i) => (i === index ? interval : current)))
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Group justify="space-between" gap="xs" component="legend" w="100%" p={0}>
        <Text fw={600} tt="capitalize">
          {label}
        </Text>
        <LessonCount intervals={intervals} />
      </Group>
      {intervals.map((interval, index) => (
        <IntervalRow
          key={rows.keys[index]}
          interval={interval}
          position={index + 1}
          dayLabel={label}
          error={messages[`${prefix}.${index}`]}
          onChange={(next) => replace(index, next)}
          onRemove={() => {
            rows.removed(index)
            onChange(intervals.filter((_, i) => i !== index))
          }}
        />
      ))}
      {dayError && (
        <Text size="sm" c="red.8">
          <Message of={dayError} />
        </Text>
      )}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => {
            rows.added()
            onChange([...intervals, nextInterval(intervals)])
          }}
          aria-label={t`Dodaj przedział: ${label}`}
        >
          <Trans>Dodaj przedział</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
