import '@mantine/core/styles/Skeleton.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core'
import { IconMovie } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import type { Archive } from '../../../domain/api/recordings.ts'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import { useLesson } from '../../api/my-lessons.ts'
import { recordingsQuery } from '../../api/recordings.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { formatDuration } from '../../ui/format-duration.ts'
import { VoiceClipList } from '../../ui/voice-clip-list.tsx'
import { LessonRecap } from './lesson-recap.tsx'

// The lesson's recordings for both parties: each played in the page, with seeking (the signed URL
// answers byte ranges), and how long it is kept; and the recap made from them (lesson-recap.tsx).

function RecordingItem({ recording }: { recording: Archive }) {
  const { t } = useLingui()
  const started = new Date(recording.started_at)
  const when = `${formatPolandDate(started)}, ${formatPolandTime(started)}`
  const keptUntil = formatPolandDate(new Date(recording.kept_until))
  const duration = recording.duration_ms === null ? null : formatDuration(recording.duration_ms)
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconMovie size={18} aria-hidden />
            <Text fw={600}>{duration ? t`Nagranie z ${when} · ${duration}` : t`Nagranie z ${when}`}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            <Trans>Przechowywane do {keptUntil}</Trans>
          </Text>
        </Group>
        {recording.status === 'ready' && recording.url ? (
          // biome-ignore lint/a11y/useMediaCaption: a recording of a live call has no captions to offer.
          <video
            controls
            preload="metadata"
            src={recording.url}
            style={{ width: '100%', borderRadius: 8, background: '#000' }}
            aria-label={t`Nagranie lekcji z ${when}`}
            data-testid="recording-player"
          />
        ) : (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">
              {recording.status === 'recording' ? (
                <Trans>Trwa nagrywanie lekcji.</Trans>
              ) : (
                <Trans>Nagranie jest przygotowywane. To potrwa chwilę.</Trans>
              )}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}

/** My-lessons' "Nagrania lekcji": the lesson's recordings, newest first. */
export function LessonRecordingsDialog({ lesson: listed, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { t } = useLingui()
  const lesson = useLesson(listed.id, listed).data ?? listed
  const recordings = useQuery({
    ...recordingsQuery(lesson.id),
    // One being prepared is ready within a minute or so: look again until it is.
    refetchInterval: (query) =>
      query.state.data?.some((archive) => archive.status !== 'ready' && archive.status !== 'failed')
        ? 5000
        : false,
  })
  const shown = recordings.data?.filter((archive) => archive.status !== 'failed') ?? []
  return (
    <AppDialog opened onClose={onClose} title={t`Nagrania lekcji`} variant="shared">
      <Stack gap="md">
        {recordings.isPending ? (
          <Skeleton height={220} radius="md" aria-label={t`Wczytywanie nagrań`} />
        ) : recordings.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              {/* "failed to get archive" (product-rules.md "Errors") */}
              <Text size="sm">
                <Trans>Nie udało się pobrać nagrania.</Trans>
              </Text>
              <Button size="xs" variant="default" onClick={() => void recordings.refetch()}>
                <Trans>Spróbuj ponownie</Trans>
              </Button>
            </Stack>
          </Alert>
        ) : shown.length === 0 ? (
          lesson.voice_recordings.length === 0 && (
            <Text c="dimmed">
              <Trans>Ta lekcja nie ma nagrań.</Trans>
            </Text>
          )
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.map((recording) => (
              <RecordingItem key={recording.id} recording={recording} />
            ))}
          </Stack>
        )}
        <LessonRecap lessonId={lesson.id} />
        {lesson.voice_recordings.length > 0 && (
          <Stack gap="xs">
            <Text fw={600}>
              <Trans>Nagrania głosu kursanta</Trans>
            </Text>
            <VoiceClipList clips={lesson.voice_recordings} />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Zamknij</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
