import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { IconCalendarEvent, IconCloudOff } from '@tabler/icons-react'
import { useId } from 'react'
import { addDays, formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import { useTeacherSummary } from '../../api/teacher-summary.ts'
import { useMirroredWeeks } from '../../api/timetables.ts'
import type { MirroredWeek } from '../../offline/timetable-mirror.ts'
import { useClaimOfflineNotice } from '../../ui/offline-notice-claim.ts'
import { dayMonth } from '../../ui/slot-format.ts'

type Props = { onOpen: (teacherId: string, weekStart: string) => void }

/**
 * The search cannot be reached (offline, or the server is gone). In place of an endless "Szukamy
 * lektorów…" the screen says so, once, and offers the weeks saved on this device.
 */
export function OfflineResults({ onOpen }: Props) {
  useClaimOfflineNotice()
  const headingId = useId()
  const weeks = useMirroredWeeks(true).data ?? []
  return (
    <Stack gap="md">
      <Alert color="gray" variant="light" icon={<IconCloudOff size={18} aria-hidden />} role="status">
        <Trans>
          Jesteś offline. Lista lektorów wróci po odzyskaniu połączenia; rezerwacja też będzie wtedy możliwa.
        </Trans>
      </Alert>
      {weeks.length > 0 && (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={headingId}>
          <Stack gap="sm">
            <Text fw={650} id={headingId}>
              <Trans>Terminy zapisane na tym urządzeniu</Trans>
            </Text>
            {weeks.map((week) => (
              <SavedWeek key={week.teacherId} week={week} onOpen={onOpen} />
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}

function SavedWeek({ week, onOpen }: { week: MirroredWeek; onOpen: Props['onOpen'] }) {
  const { t } = useLingui()
  // The teacher's profile is kept on the device with the week (teacher-summary.ts).
  const teacher = useTeacherSummary(week.teacherId).data
  const name = teacher ? `${teacher.first_name} ${teacher.last_name}` : t`Lektor`
  const span = `${dayMonth(week.weekStart)}–${dayMonth(addDays(week.weekStart, 6))}`
  const saved = `${formatPolandDate(week.savedAt)} ${formatPolandTime(week.savedAt)}`
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <div style={{ minWidth: 0 }}>
        <Text fw={600}>{name}</Text>
        <Text size="sm" c="dimmed">
          <Trans>
            Tydzień {span}, zapisany {saved}
          </Trans>
        </Text>
      </div>
      <Button
        variant="default"
        leftSection={<IconCalendarEvent size={16} aria-hidden />}
        onClick={() => onOpen(week.teacherId, week.weekStart)}
        aria-label={t`Pokaż zapisane terminy: ${name}`}
      >
        <Trans>Pokaż zapisane terminy</Trans>
      </Button>
    </Group>
  )
}
