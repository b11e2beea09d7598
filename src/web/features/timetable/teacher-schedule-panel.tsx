import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconCalendarOff, IconCloudOff, IconEdit } from '@tabler/icons-react'
import { type ReactNode, useId, useState } from 'react'
import type { Profile } from '../../../domain/api/profile.ts'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import { useTimetable } from '../../api/timetables.ts'
import { PageLoader } from '../../ui/page-loader.tsx'
import { ScheduleSlots } from '../../ui/schedule-slots.tsx'
import { weekBounds } from '../../ui/week-bounds.ts'
import { WeekSwitcher } from '../../ui/week-switcher.tsx'
import { SetLessonDialog } from './set-lesson-dialog.tsx'

type Props = {
  profile: Profile
  /** Further buttons beside "Edytuj grafik" (the app adds "Kursanci", EditAllowedStudents). */
  actions?: ReactNode
}

/**
 * "Mój grafik" (a teacher sets the weekly schedule: product-rules.md "Roles and permissions"): the
 * teacher's own current or next week, read-only, booked slots marked, and the button that opens
 * SetLesson.
 */
export function TeacherSchedulePanel({ profile, actions }: Props) {
  const { t } = useLingui()
  const headingId = useId()
  const [bounds] = useState(() => weekBounds(new Date()))
  const [week, setWeek] = useState(bounds.min)
  const [editing, setEditing] = useState(false)
  const timetable = useTimetable(profile.id, week)
  const data = timetable.data
  const mirroredAt = data?.mirroredAt ?? null
  const savedAt = mirroredAt === null ? '' : `${formatPolandDate(mirroredAt)} ${formatPolandTime(mirroredAt)}`
  const empty = data?.timetable.every((day) => day.slots.length === 0) ?? false

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="xl" id={headingId}>
            <Trans>Mój grafik</Trans>
          </Title>
          <Group gap="sm">
            <Button leftSection={<IconEdit size={18} aria-hidden />} onClick={() => setEditing(true)}>
              <Trans>Edytuj grafik</Trans>
            </Button>
            {actions}
          </Group>
        </Group>
        {profile.not_accepting_new_students && (
          <Text size="sm" c="dimmed">
            <Trans>
              Nie przyjmujesz nowych kursantów: lekcje mogą umawiać tylko wybrani przez Ciebie kursanci.
            </Trans>
          </Text>
        )}
        <WeekSwitcher weekStart={week} bounds={bounds} onChange={setWeek} viewer="teacher" />
        {mirroredAt !== null && (
          <Group role="status" gap="xs" wrap="nowrap" px="md" py={8} bg="gray.1" style={{ borderRadius: 8 }}>
            <IconCloudOff size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">
              <Trans>Jesteś offline. Grafik z {savedAt} może być nieaktualny.</Trans>
            </Text>
          </Group>
        )}
        {data === undefined ? (
          timetable.isError ? (
            <Alert color="red" variant="light" title={t`Nie udało się wczytać grafiku`}>
              <Button variant="light" color="red" onClick={() => void timetable.refetch()}>
                <Trans>Spróbuj ponownie</Trans>
              </Button>
            </Alert>
          ) : (
            <PageLoader label={t`Wczytujemy Twój grafik…`} />
          )
        ) : (
          <Stack gap="md">
            {empty && (
              <Alert color="gray" variant="light" icon={<IconCalendarOff size={18} aria-hidden />}>
                <Trans>W tym tygodniu nie masz godzin pracy. Dodaj je przyciskiem „Edytuj grafik”.</Trans>
              </Alert>
            )}
            <ScheduleSlots
              days={data.timetable}
              graceHours={data.lesson_earliness_condition}
              viewer="teacher"
            />
          </Stack>
        )}
      </Stack>
      <SetLessonDialog
        opened={editing}
        onClose={() => setEditing(false)}
        teacherId={profile.id}
        cyclical={profile.has_cyclical_timetable}
      />
    </Paper>
  )
}
