import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router-dom'
import type { AdminAbsenceReport } from '../../api/admin-absence.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { ReportStatusBadge } from './absence-status.tsx'
import { lessonTimes, personName, polandDateTime } from './admin-format.ts'
import { AttendanceList } from './attendance-list.tsx'
import { LessonStatusBadge } from './lesson-status-badge.tsx'
import { lessonHref } from './lessons-list.tsx'

type Props = { report: AdminAbsenceReport; onDecide: (decision: 'accept' | 'dismiss') => void }

/**
 * The absentee's standing now (product-rules.md "Warning and ban", "Teacher penalties"): a
 * student's warning and ban, a teacher's penalties.
 */
function Standing({ absentee }: { absentee: AdminAbsenceReport['absentee'] }) {
  const bannedUntil = absentee.banned_until ? polandDateTime(absentee.banned_until) : ''
  const penalties = absentee.penalties
  return (
    <Group gap={4} wrap="wrap">
      {absentee.banned_until && (
        <Badge color="red" variant="filled">
          <Trans>Konto zablokowane do {bannedUntil}</Trans>
        </Badge>
      )}
      {absentee.warned_at && !absentee.banned_until && (
        <Badge color="yellow" variant="light">
          <Trans>Ostrzeżenie</Trans>
        </Badge>
      )}
      {absentee.role === 'teacher' && penalties > 0 && (
        <Badge color="red" variant="light">
          <Trans>Kary: {penalties}</Trans>
        </Badge>
      )}
    </Group>
  )
}

/** One claim with the room's records beside it: what was said, and what the server saw. */
export function AbsenceReportCard({ report, onDecide }: Props) {
  const { t, i18n } = useLingui()
  // A language's Polish name in the Polish console ("Angielski B1"), as the lessons list.
  const subject = `${languageLabel(report.lesson.language, i18n.locale)} ${report.lesson.level}`
  const teacher = report.reporter.role === 'teacher' ? report.reporter : report.absentee
  const student = report.reporter.role === 'student' ? report.reporter : report.absentee
  const reporter = personName(report.reporter)
  const absentee = personName(report.absentee)
  const created = polandDateTime(report.created_at)
  const when = lessonTimes(report.lesson.starts_at, report.lesson.ends_at)
  const resolvedAt = report.resolved_at ? polandDateTime(report.resolved_at) : ''
  const resolver = report.resolved_by?.email ?? t`polecenie ops`

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={t`Zgłoszenie: ${absentee}, lekcja ${when}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {report.absentee.role === 'teacher' ? (
                <Trans>Nieobecność lektora: {absentee}</Trans>
              ) : (
                <Trans>Nieobecność kursanta: {absentee}</Trans>
              )}
            </Title>
            <Anchor component={Link} to={lessonHref(report.lesson.id)} size="sm">
              <Trans>
                Lekcja {when}, {subject}
              </Trans>
            </Anchor>
          </div>
          <Group gap={4}>
            <ReportStatusBadge status={report.status} />
            <LessonStatusBadge status={report.lesson.status} />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap={6}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              <Trans>Zgłoszenie</Trans>
            </Text>
            <Text size="sm">
              {report.reporter.role === 'teacher' ? (
                <Trans>
                  Zgłasza lektor {reporter}, {created}
                </Trans>
              ) : (
                <Trans>
                  Zgłasza kursant {reporter}, {created}
                </Trans>
              )}
            </Text>
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {report.note ? `„${report.note}”` : <Trans>(bez opisu)</Trans>}
            </Text>
            {report.absentee_joined && (
              <Text size="sm" fw={600} c="orange.9">
                <Trans>Nieobecna osoba była już w pokoju lekcji, gdy wysłano zgłoszenie.</Trans>
              </Text>
            )}
            <Standing absentee={report.absentee} />
          </Stack>
          <Stack gap={6}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              <Trans>Obecność według serwera</Trans>
            </Text>
            <AttendanceList
              attendance={report.attendance}
              teacher={teacher}
              student={student}
              startsAt={report.lesson.starts_at}
            />
          </Stack>
        </SimpleGrid>
        {report.status === 'open' ? (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onDecide('dismiss')}>
              <Trans>Odrzuć…</Trans>
            </Button>
            <Button color="red" onClick={() => onDecide('accept')}>
              <Trans>Uznaj…</Trans>
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>
              Decyzja: {resolver}, {resolvedAt}
            </Trans>
            {report.resolution_note && ` — „${report.resolution_note}”`}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}
