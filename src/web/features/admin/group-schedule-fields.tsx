import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/Fieldset.css'
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/SimpleGrid.css'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { LESSON_SLOT_MINUTES } from '../../../domain/constants.ts'
import { MAX_MEETINGS, MAX_UNITS, type Weekday } from '../../../domain/group-classes/series.ts'
import { Message } from '../../ui/message.tsx'
import { TimePicker } from '../../ui/time-picker.tsx'
import { AdminDateField } from './admin-date-field.tsx'
import { type ExtraMeetingDraft, type GroupClassDraft, newExtraMeeting } from './group-class-form.ts'

// A class's schedule in its form: a weekly series (weekdays, start time, length in 45-minute
// units, first date, a number of meetings or a last date) and single extra meetings.

type Props = {
  draft: GroupClassDraft
  onChange: (next: GroupClassDraft) => void
  /** Each field's refusal, by the server's field names (series.start_time, extra.0.date…). */
  errorOf: (field: string) => MessageDescriptor | string | null
  submitted: boolean
}

const WEEKDAYS: Weekday[] = [1, 2, 3, 4, 5, 6, 7]
const isWeekday = (n: number): n is Weekday => WEEKDAYS.some((day) => day === n)

function useUnitOptions() {
  const { t } = useLingui()
  return Array.from({ length: MAX_UNITS }, (_, i) => {
    const minutes = (i + 1) * LESSON_SLOT_MINUTES
    return { value: String(i + 1), label: t`${minutes} min` }
  })
}

const shown = (error: MessageDescriptor | string | null) =>
  error === null ? null : typeof error === 'string' ? error : <Message of={error} />

export function GroupScheduleFields({ draft, onChange, errorOf, submitted }: Props) {
  const { t } = useLingui()
  const units = useUnitOptions()
  const dayNames = [t`pon.`, t`wt.`, t`śr.`, t`czw.`, t`pt.`, t`sob.`, t`niedz.`]
  const setExtra = (index: number, change: Partial<ExtraMeetingDraft>) =>
    onChange({
      ...draft,
      extra: draft.extra.map((meeting, i) => (i === index ? { ...meeting, ...change } : meeting)),
    })

  return (
    <Stack gap="sm">
      <Checkbox
        label={t`Cykl tygodniowy`}
        checked={draft.weekly}
        onChange={(event) => onChange({ ...draft, weekly: event.currentTarget.checked })}
      />
      {draft.weekly && (
        <Fieldset radius="md" aria-label={t`Cykl tygodniowy`}>
          <Stack gap="sm">
            <Checkbox.Group
              label={t`Dni tygodnia`}
              value={draft.weekdays.map(String)}
              onChange={(days) => onChange({ ...draft, weekdays: days.map(Number).filter(isWeekday) })}
              error={shown(errorOf('series.weekdays'))}
            >
              <Group gap="sm" mt={4}>
                {WEEKDAYS.map((day) => (
                  <Checkbox key={day} value={String(day)} label={dayNames[day - 1]} />
                ))}
              </Group>
            </Checkbox.Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TimePicker
                label={t`Godzina rozpoczęcia`}
                value={draft.startTime}
                onChange={(startTime) => onChange({ ...draft, startTime })}
                error={shown(errorOf('series.start_time'))}
              />
              <Select
                label={t`Długość`}
                allowDeselect={false}
                value={String(draft.units)}
                onChange={(value) => onChange({ ...draft, units: Number(value ?? 1) })}
                data={units}
                error={shown(errorOf('series.units'))}
              />
              <AdminDateField
                label={t`Pierwszy dzień`}
                value={draft.firstDate}
                onChange={(firstDate) => onChange({ ...draft, firstDate })}
                error={shown(errorOf('series.first_date'))}
                submitted={submitted}
              />
            </SimpleGrid>
            <div>
              <Text size="sm" fw={500} mb={4} id="series-ends">
                <Trans>Koniec cyklu</Trans>
              </Text>
              <SegmentedControl
                aria-labelledby="series-ends"
                value={draft.ends}
                onChange={(value) => onChange({ ...draft, ends: value === 'date' ? 'date' : 'count' })}
                data={[
                  { value: 'count', label: t`Liczba spotkań` },
                  { value: 'date', label: t`Data ostatniego` },
                ]}
              />
            </div>
            {draft.ends === 'count' ? (
              <NumberInput
                label={t`Liczba spotkań`}
                min={1}
                max={MAX_MEETINGS}
                allowDecimal={false}
                allowNegative={false}
                value={draft.meetings}
                onChange={(value) => onChange({ ...draft, meetings: typeof value === 'number' ? value : '' })}
                error={shown(errorOf('series.meetings'))}
              />
            ) : (
              <AdminDateField
                label={t`Ostatni dzień`}
                value={draft.lastDate}
                onChange={(lastDate) => onChange({ ...draft, lastDate })}
                error={shown(errorOf('series.last_date'))}
                submitted={submitted}
              />
            )}
          </Stack>
        </Fieldset>
      )}
      <Fieldset legend={t`Dodatkowe spotkania`} radius="md">
        <Stack gap="sm">
          {draft.extra.length === 0 && (
            <Text size="sm" c="dimmed">
              <Trans>Pojedyncze spotkania poza cyklem.</Trans>
            </Text>
          )}
          {draft.extra.map((meeting, index) => {
            const n = index + 1
            return (
              <Group key={meeting.key} gap="sm" align="flex-start" wrap="wrap">
                <AdminDateField
                  label={t`Dzień spotkania ${n}`}
                  value={meeting.date}
                  onChange={(date) => setExtra(index, { date })}
                  error={shown(errorOf(`extra.${index}.date`))}
                  submitted={submitted}
                />
                <TimePicker
                  label={t`Godzina spotkania ${n}`}
                  value={meeting.time}
                  onChange={(time) => setExtra(index, { time })}
                  error={shown(errorOf(`extra.${index}.time`))}
                />
                <Select
                  label={t`Długość spotkania ${n}`}
                  allowDeselect={false}
                  value={String(meeting.units)}
                  onChange={(value) => setExtra(index, { units: Number(value ?? 1) })}
                  data={units}
                  w={120}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  aria-label={t`Usuń spotkanie ${n}`}
                  onClick={() => onChange({ ...draft, extra: draft.extra.filter((_, i) => i !== index) })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            )
          })}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => onChange({ ...draft, extra: [...draft.extra, newExtraMeeting(draft.units)] })}
            >
              <Trans>Dodaj spotkanie</Trans>
            </Button>
          </Group>
          {shown(errorOf('series')) && (
            <Text size="sm" c="red" role="alert">
              {shown(errorOf('series'))}
            </Text>
          )}
        </Stack>
      </Fieldset>
    </Stack>
  )
}
