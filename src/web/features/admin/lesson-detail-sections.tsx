import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/List.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { AdminLessonDetail } from '../../api/admin-lessons.ts'
import { formatDuration } from '../../ui/format-duration.ts'
import { VoiceClipList } from '../../ui/voice-clip-list.tsx'
import { absenceHref, ReportStatusBadge } from './absence-status.tsx'
import { personName, polandDateTime } from './admin-format.ts'

// The parts of a lesson's details below its summary: materials, recordings, absence reports and the
// teacher's penalties (product-rules.md "Teacher penalties"), each with a plain sentence when there
// is nothing.

export function DetailSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

const kB = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`

export function MaterialsSection({ lesson }: { lesson: AdminLessonDetail }) {
  const { t } = useLingui()
  return (
    <DetailSection title={<Trans>Materiały</Trans>}>
      {lesson.materials.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Brak materiałów.</Trans>
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {lesson.materials.map((file) => {
            const owner = file.owner_role === 'teacher' ? t`lektor` : t`kursant`
            const at = polandDateTime(file.created_at)
            const size = kB(file.size)
            return (
              <List.Item key={file.id}>
                <Text span fw={600} style={{ wordBreak: 'break-word' }}>
                  {file.filename}
                </Text>{' '}
                <Text span c="dimmed" size="xs">
                  <Trans>
                    ({owner}, {at}, {size})
                  </Trans>
                </Text>
              </List.Item>
            )
          })}
        </List>
      )}
    </DetailSection>
  )
}

/** The student's voice clips from the room, to play here (each with its time and length). */
export function VoiceClipsSection({ lesson }: { lesson: AdminLessonDetail }) {
  return (
    <DetailSection title={<Trans>Nagrania głosu kursanta</Trans>}>
      {lesson.voice_recordings.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Na tej lekcji nie ma nagrań głosu kursanta.</Trans>
        </Text>
      ) : (
        <VoiceClipList clips={lesson.voice_recordings} withDay />
      )}
    </DetailSection>
  )
}

export function RecordingsSection({ lesson }: { lesson: AdminLessonDetail }) {
  const { t } = useLingui()
  const statusText = {
    recording: t`nagrywa się`,
    processing: t`w przygotowaniu`,
    ready: t`gotowe`,
    failed: t`nieudane`,
  }
  return (
    <DetailSection title={<Trans>Nagrania</Trans>}>
      {lesson.recordings.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Lekcja nie była nagrywana.</Trans>
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {lesson.recordings.map((recording) => {
            const stream = recording.stream_id === 'screen' ? t`Ekran` : t`Kamera`
            const at = polandDateTime(recording.started_at)
            const status = statusText[recording.status]
            const kept = polandDateTime(recording.kept_until)
            return (
              <List.Item key={recording.id}>
                <Trans>
                  {stream}, od {at}: {status}
                </Trans>
                {recording.duration_ms !== null && ` (${formatDuration(recording.duration_ms)})`}
                {recording.url && (
                  <>
                    {' '}
                    <Anchor href={recording.url} target="_blank" rel="noreferrer">
                      <Trans>Otwórz</Trans>
                    </Anchor>
                  </>
                )}
                <Text size="xs" c="dimmed">
                  <Trans>Przechowywane do {kept}</Trans>
                </Text>
              </List.Item>
            )
          })}
        </List>
      )}
    </DetailSection>
  )
}

export function ReportsSection({ lesson }: { lesson: AdminLessonDetail }) {
  return (
    <DetailSection title={<Trans>Zgłoszenia nieobecności</Trans>}>
      {lesson.reports.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Brak zgłoszeń.</Trans>
        </Text>
      ) : (
        <Stack gap="xs">
          {lesson.reports.map((report) => {
            const reporter = personName(report.reporter)
            const absentee = personName(report.absentee)
            return (
              <div key={report.id}>
                <ReportStatusBadge status={report.status} />{' '}
                <Text span size="sm">
                  <Trans>
                    {reporter} zgłasza nieobecność: {absentee}
                  </Trans>
                </Text>
                {report.note && (
                  <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                    „{report.note}”
                  </Text>
                )}
              </div>
            )
          })}
          <Anchor component={Link} to={absenceHref(lesson.reports[0]?.status ?? 'open')} size="sm">
            <Trans>Przejdź do zgłoszeń nieobecności</Trans>
          </Anchor>
        </Stack>
      )}
    </DetailSection>
  )
}

export function PenaltiesSection({ lesson }: { lesson: AdminLessonDetail }) {
  const { t } = useLingui()
  return (
    <DetailSection title={<Trans>Kary lektora</Trans>}>
      {lesson.penalties.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Brak kar za tę lekcję.</Trans>
        </Text>
      ) : (
        <Stack gap={4}>
          {lesson.penalties.map((penalty) => (
            <Group key={penalty.id} gap="xs">
              <Badge color="red" variant="light">
                {penalty.reason === 'absence' ? t`Nieobecność` : t`Późne odwołanie`}
              </Badge>
              <Text size="sm">{polandDateTime(penalty.created_at)}</Text>
            </Group>
          ))}
        </Stack>
      )}
    </DetailSection>
  )
}
