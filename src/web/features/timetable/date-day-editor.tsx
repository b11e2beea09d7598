import { Trans, useLingui } from '@lingui/react/macro'
import { Checkbox, Group, Stack, Text } from '@mantine/core'
import type { FieldMessages } from '../../api/issue-messages.ts'
import { DayEditor, LessonCount } from './day-editor.tsx'
import { dateLabel, intervalsText } from './day-labels.ts'
import { weekdayOf } from './schedule-form.ts'
import type { ScheduleEditor } from './use-schedule-editor.ts'

type Props = { date: string; editor: ScheduleEditor; messages: FieldMessages }

/**
 * One date of the current or next week. In a cyclical schedule it follows its weekday until the
 * teacher gives it hours of its own (none at all make it a day off); otherwise it is edited
 * directly (timetableUpdateSchema: only dates count).
 */
export function DateDayEditor({ date, editor, messages }: Props) {
  const { t, i18n } = useLingui()
  const label = dateLabel(date, i18n.locale)
  const { values } = editor
  const entry = values.dates[date] ?? { own: false, intervals: [] }
  const ownHours = (
    <DayEditor
      prefix={`dates.${date}`}
      label={label}
      intervals={entry.intervals}
      messages={messages}
      onChange={(intervals) => editor.setDate(date, intervals)}
    />
  )
  if (!values.cyclical) return ownHours
  const weekly = values.weekdays[weekdayOf(date)]
  const hours = intervalsText(weekly)
  return (
    <Stack gap="xs">
      {entry.own ? (
        ownHours
      ) : (
        <Group justify="space-between" gap="xs">
          <Stack gap={0}>
            <Text fw={600} tt="capitalize">
              {label}
            </Text>
            <Text size="sm" c="dimmed">
              {weekly.length > 0 ? (
                <Trans>Jak co tydzień: {hours}</Trans>
              ) : (
                <Trans>Jak co tydzień: wolne</Trans>
              )}
            </Text>
          </Stack>
          <LessonCount intervals={weekly} />
        </Group>
      )}
      <Checkbox
        size="sm"
        label={t`Inne godziny tego dnia`}
        description={entry.own ? t`Bez przedziałów ten dzień będzie wolny.` : undefined}
        checked={entry.own}
        onChange={(event) => editor.setOwn(date, event.currentTarget.checked)}
        aria-label={t`Inne godziny: ${label}`}
      />
    </Stack>
  )
}
