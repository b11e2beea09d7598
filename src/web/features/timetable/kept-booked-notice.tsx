import '@mantine/core/styles/List.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, List, Text } from '@mantine/core'
import type { TimetableUpdateAnswer } from '../../../domain/api/timetables.ts'
import { DialogStep } from '../../ui/dialog-step.tsx'
import { fullDate, weekdayName } from '../../ui/slot-format.ts'

type Props = { kept: TimetableUpdateAnswer['kept_booked_slots']; onClose: () => void }

/**
 * After saving: the booked lessons the new schedule no longer covers. A schedule change never
 * removes or moves a booked lesson (decisions.md "The teacher's schedule on the web"), so the
 * teacher is told plainly that these stay (Poland date and time, as the lessons use).
 */
export function KeptBookedNotice({ kept, onClose }: Props) {
  const { i18n } = useLingui()
  return (
    <DialogStep gap="md">
      <Text>
        <Trans>
          Grafik został zapisany. Te lekcje są już zarezerwowane przez kursantów, więc zostają w Twoim
          grafiku, choć nowe godziny ich nie obejmują:
        </Trans>
      </Text>
      <List spacing={4}>
        {kept.map(({ date, time }) => (
          <List.Item key={`${date} ${time}`}>
            <Text span tt="capitalize">
              {weekdayName(date, i18n.locale)}
            </Text>{' '}
            {fullDate(date)}, {time}
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        <Trans>Godziny podajemy w czasie polskim.</Trans>
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          <Trans>Rozumiem</Trans>
        </Button>
      </Group>
    </DialogStep>
  )
}
