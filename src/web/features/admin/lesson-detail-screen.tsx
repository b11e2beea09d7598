import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { Link, useLocation, useParams } from 'react-router-dom'
import { type AdminLessonDetail, useAdminLesson } from '../../api/admin-lessons.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { PageLoader } from '../../ui/page-loader.tsx'
import { isUuid, lessonTimes, personName, polandDateTime } from './admin-format.ts'
import { ADMIN_BASE, auditHref } from './admin-sections.ts'
import { AttendanceList } from './attendance-list.tsx'
import { LessonCancelDialog } from './lesson-cancel-dialog.tsx'
import {
  DetailSection,
  MaterialsSection,
  PenaltiesSection,
  RecordingsSection,
  ReportsSection,
  VoiceClipsSection,
} from './lesson-detail-sections.tsx'
import { SmsSection } from './lesson-sms-section.tsx'
import { LessonStatusBadge } from './lesson-status-badge.tsx'
import { LoadFailure } from './load-failure.tsx'

/** One lesson as the school sees it — who was in the room and when, and what it left. */
export function LessonDetailScreen() {
  const { lessonId = '' } = useParams()
  const { state } = useLocation()
  // Back to the list as it was (its filters and page), when the operator came from it.
  const listSearch =
    state && typeof state === 'object' && 'listSearch' in state && typeof state.listSearch === 'string'
      ? state.listSearch
      : ''
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${ADMIN_BASE}/lessons${listSearch}`} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          <Trans>Wszystkie lekcje</Trans>
        </Group>
      </Anchor>
      {isUuid(lessonId) ? (
        <LessonDetail lessonId={lessonId} />
      ) : (
        <Text role="alert">
          <Trans>Nie ma takiej lekcji.</Trans>
        </Text>
      )}
    </Stack>
  )
}

function LessonDetail({ lessonId }: { lessonId: string }) {
  const lesson = useAdminLesson(lessonId)
  if (lesson.data) return <LessonDetailBody lesson={lesson.data} />
  if (lesson.isError)
    return (
      <LoadFailure error={lesson.error} retrying={lesson.isFetching} onRetry={() => void lesson.refetch()} />
    )
  return <PageLoader label={<Trans>Wczytujemy lekcję…</Trans>} />
}

function LessonDetailBody({ lesson }: { lesson: AdminLessonDetail }) {
  const { i18n } = useLingui()
  const [cancelling, setCancelling] = useState(false)
  const [cancelled, setCancelled] = useState(false)
  // product-rules.md "Cancellation": a lesson can be cancelled until it starts (the server decides;
  // this only offers it).
  const cancellable = lesson.status === 'scheduled' && Date.parse(lesson.starts_at) > Date.now()
  const when = lessonTimes(lesson.starts_at, lesson.ends_at)
  const subject = `${languageLabel(lesson.language, i18n.locale)} ${lesson.level.name}`
  const by = lesson.cancelled_by
  const canceller = by ? personName(by) : null
  const cancelledAt = lesson.cancelled_at ? polandDateTime(lesson.cancelled_at) : ''

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            <Trans>Lekcja {when}</Trans>
          </Title>
          <Text c="dimmed" size="sm">
            {subject}
          </Text>
        </div>
        {cancellable && (
          <Button color="red" variant="light" onClick={() => setCancelling(true)}>
            <Trans>Odwołaj w imieniu szkoły</Trans>
          </Button>
        )}
      </Group>
      {cancelled && (
        <Alert color="green" variant="light" role="status">
          <Trans>
            Lekcja odwołana bez kary. Lektor i kursant dostaną o tym wiadomość.{' '}
            <Anchor component={Link} to={auditHref({ action: 'lesson.cancel', target_id: lesson.id })}>
              Zobacz w dzienniku zmian
            </Anchor>
          </Trans>
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label={<Trans>Lektor</Trans>}>
            {personName(lesson.teacher)}
            <Text size="xs" c="dimmed">
              {lesson.teacher.email}
            </Text>
          </Fact>
          <Fact label={<Trans>Kursant</Trans>}>
            {personName(lesson.student)}
            <Text size="xs" c="dimmed">
              {lesson.student.email}
              {lesson.student.company_name && ` · ${lesson.student.company_name}`}
            </Text>
          </Fact>
          <Fact label={<Trans>Status</Trans>}>
            <LessonStatusBadge status={lesson.status} />
            {lesson.is_group && (
              <Text size="xs" c="dimmed">
                <Trans>Lekcja grupowa</Trans>
              </Text>
            )}
          </Fact>
          {lesson.cancelled_at && (
            <Fact label={<Trans>Odwołanie</Trans>}>
              {by?.role === 'operator' ? (
                <Trans>
                  Szkoła ({canceller}), {cancelledAt}
                </Trans>
              ) : by?.role === 'teacher' ? (
                <Trans>
                  Lektor {canceller}, {cancelledAt}
                </Trans>
              ) : by?.role === 'student' ? (
                <Trans>
                  Kursant {canceller}, {cancelledAt}
                </Trans>
              ) : (
                cancelledAt
              )}
              {lesson.cancellation_reason && (
                <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  <Trans>Powód: {lesson.cancellation_reason}</Trans>
                </Text>
              )}
            </Fact>
          )}
          {lesson.rating && (
            <Fact label={<Trans>Ocena kursanta</Trans>}>
              {lesson.rating.value}/5{lesson.rating.comment && ` — ${lesson.rating.comment}`}
            </Fact>
          )}
          {lesson.note && (
            <Fact label={<Trans>Wiadomość dla lektora</Trans>}>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {lesson.note}
              </Text>
            </Fact>
          )}
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DetailSection title={<Trans>Obecność w pokoju lekcji</Trans>}>
          <AttendanceList
            attendance={lesson.attendance}
            teacher={lesson.teacher}
            student={lesson.student}
            startsAt={lesson.starts_at}
            due={lesson.status !== 'cancelled' && Date.parse(lesson.starts_at) <= Date.now()}
          />
          <Text size="sm">
            <Trans>Wiadomości na czacie: {lesson.chat_messages}</Trans>
          </Text>
        </DetailSection>
        <ReportsSection lesson={lesson} />
        <MaterialsSection lesson={lesson} />
        <RecordingsSection lesson={lesson} />
        <VoiceClipsSection lesson={lesson} />
        <PenaltiesSection lesson={lesson} />
        <SmsSection lesson={lesson} />
      </SimpleGrid>
      <LessonCancelDialog
        lesson={lesson}
        opened={cancelling}
        onClose={() => setCancelling(false)}
        onCancelled={() => {
          setCancelling(false)
          setCancelled(true)
        }}
      />
    </Stack>
  )
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  )
}
