import { Trans, useLingui } from '@lingui/react/macro'
import { Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import type { Profile } from '../../../domain/api/profile.ts'
import { usePageTitle } from '../../ui/use-page-title.ts'
import { TeacherSchedulePanel } from './teacher-schedule-panel.tsx'

/**
 * A teacher's my-lessons (spec §2): for now the schedule panel, and an honest note that the
 * lesson lists (scheduled, closed, group) come in a later version.
 */
export function TeacherMyLessons({ profile, actions }: { profile: Profile; actions?: ReactNode }) {
  const { t } = useLingui()
  const title = t`Moje lekcje`
  usePageTitle(title)
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {title}
      </Title>
      <TeacherSchedulePanel profile={profile} actions={actions} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap={4}>
          <Title order={2} fz="lg">
            <Trans>Lista lekcji — w przygotowaniu</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>
              Zaplanowane, zakończone i grupowe lekcje pokażemy tutaj w jednej z kolejnych wersji Lektorium.
              Zarezerwowane terminy widzisz już teraz w swoim grafiku.
            </Trans>
          </Text>
        </Stack>
      </Paper>
    </Stack>
  )
}
