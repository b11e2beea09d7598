import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/List.css'
import type { MessageDescriptor } from '@lingui/core'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, List, Stack, Text } from '@mantine/core'
import { DialogStep } from '../../ui/dialog-step.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { dateLabel, intervalsText, weekdayLabel } from './day-labels.ts'
import type { ScheduleSummary, SummaryLine } from './schedule-summary.ts'

type Props = {
  summary: ScheduleSummary
  pending: boolean
  failure: MessageDescriptor | null
  /** Saving is impossible right now (offline); the reason is shown. */
  blocked?: MessageDescriptor | null
  onBack: () => void
  onConfirm: () => void
}

function Line({ name, line }: { name: string; line: SummaryLine }) {
  const { t } = useLingui()
  const hours = line.intervals.length > 0 ? intervalsText(line.intervals) : t`wolne`
  const lessons = plural(line.lessons, {
    one: '# lekcja',
    few: '# lekcje',
    many: '# lekcji',
    other: '# lekcji',
  })
  return (
    <List.Item>
      <Group gap={6} wrap="wrap">
        <Text span fw={600} tt="capitalize">
          {name}:
        </Text>
        <Text span>{hours}</Text>
        {line.intervals.length > 0 && (
          <Text span c="dimmed">
            ({lessons})
          </Text>
        )}
        {line.changed && (
          <Badge size="sm" variant="light" color="orange">
            <Trans>zmiana</Trans>
          </Badge>
        )}
      </Group>
    </List.Item>
  )
}

/**
 * WorkScheduleConfirm: what the new schedule gives before it is saved — the weekly pattern, the
 * dates with hours of their own, the lessons it offers and what changes.
 */
export function WorkScheduleConfirm({ summary, pending, failure, blocked, onBack, onConfirm }: Props) {
  const { t, i18n } = useLingui()
  const total = plural(summary.totalLessons, {
    one: '# lekcję',
    few: '# lekcje',
    many: '# lekcji',
    other: '# lekcji',
  })
  const changed = summary.changedDates
  const dates = summary.cyclical
    ? summary.dates
    : summary.dates.filter((d) => d.intervals.length > 0 || d.changed)
  return (
    <DialogStep gap="md">
      <Text>
        {summary.cyclical ? (
          <Trans>Grafik powtarza się co tydzień.</Trans>
        ) : (
          <Trans>Grafik obejmuje tylko wybrane dni bieżącego i następnego tygodnia.</Trans>
        )}
      </Text>
      {summary.cyclical && (
        <List spacing={4} listStyleType="none" aria-label={t`Co tydzień`}>
          {summary.weekdays.map((line) => (
            <Line key={line.weekday} name={weekdayLabel(line.weekday, i18n.locale)} line={line} />
          ))}
        </List>
      )}
      {dates.length > 0 && (
        <Stack gap={4}>
          <Text fw={600}>
            {summary.cyclical ? <Trans>Dni z innymi godzinami</Trans> : <Trans>Dni pracy</Trans>}
          </Text>
          <List spacing={4} listStyleType="none">
            {dates.map((line) => (
              <Line key={line.date} name={dateLabel(line.date, i18n.locale)} line={line} />
            ))}
          </List>
        </Stack>
      )}
      <Text>
        <Trans>
          Do końca następnego tygodnia kursanci będą mogli zarezerwować u Ciebie {total}. Zmienione dni:{' '}
          {changed}.
        </Trans>
      </Text>
      <Text size="sm" c="dimmed">
        <Trans>Zarezerwowane lekcje zostają bez zmian, nawet jeśli nowy grafik ich nie obejmuje.</Trans>
      </Text>
      {blocked && (
        <FormError>
          <Message of={blocked} />
        </FormError>
      )}
      {failure && (
        <FormError>
          <Message of={failure} />
        </FormError>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={pending}>
          <Trans>Wróć do edycji</Trans>
        </Button>
        <Button onClick={onConfirm} loading={pending} disabled={Boolean(blocked)} data-autofocus>
          <Trans>Zapisz grafik</Trans>
        </Button>
      </Group>
    </DialogStep>
  )
}
