import '@mantine/core/styles/Skeleton.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { useGroupRoster } from '../../api/group-lessons.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { RosterEntryItem } from './group-roster-entry.tsx'
import { LessonOverview } from './lesson-overview.tsx'
import { useLessonView } from './lesson-view-context.tsx'

/**
 * A meeting's roster, for its teacher (docs/decisions.md "The group tab"): who is coming, who said
 * they would not, who was in the room, and an absence report per student.
 */
export function GroupRosterDialog({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { t } = useLingui()
  const { now } = useLessonView()
  const roster = useGroupRoster(lesson.id)
  const students = roster.data?.students ?? []
  const coming = students.filter((entry) => entry.absent_at === null).length
  const total = students.length
  return (
    <AppDialog opened onClose={onClose} title={t`Lista uczestników`} variant="shared">
      <Stack gap="md">
        <LessonOverview lesson={lesson} withAttendance={false} />
        {roster.isPending ? (
          <Skeleton height={160} radius="md" aria-label={t`Wczytywanie listy uczestników`} />
        ) : roster.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                <Trans>Nie udało się wczytać listy uczestników.</Trans>
              </Text>
              <Button size="xs" variant="default" onClick={() => void roster.refetch()}>
                <Trans>Spróbuj ponownie</Trans>
              </Button>
            </Stack>
          </Alert>
        ) : total === 0 ? (
          <Text c="dimmed">
            <Trans>Na te zajęcia nikt nie jest zapisany.</Trans>
          </Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              <Trans>
                Zapowiedziana obecność: {coming} z {total}
              </Trans>
            </Text>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {students.map((entry) => (
                <RosterEntryItem key={entry.lesson_id} entry={entry} meeting={lesson} now={now} />
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </AppDialog>
  )
}
