import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Table.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { Link, useLocation } from 'react-router-dom'
import type { AdminLesson } from '../../api/admin-lessons.ts'
import { languageLabel } from '../../ui/language-labels.ts'
import { lessonTimes, personName } from './admin-format.ts'
import { ADMIN_BASE } from './admin-sections.ts'
import { LessonStatusBadge } from './lesson-status-badge.tsx'

// The lessons found: a dense table on a wide screen, one card per lesson on a phone (375 px).

const WIDE = '(min-width: 48em)'

export const lessonHref = (id: string) => `${ADMIN_BASE}/lessons/${id}`

function Parties({ lesson }: { lesson: AdminLesson }) {
  const teacher = personName(lesson.teacher)
  const student = personName(lesson.student)
  const company = lesson.student.company_name
  return (
    <>
      <Text size="sm">
        <Trans>Lektor: {teacher}</Trans>
      </Text>
      <Text size="sm">
        {company ? (
          <Trans>
            Kursant: {student} ({company})
          </Trans>
        ) : (
          <Trans>Kursant: {student}</Trans>
        )}
      </Text>
    </>
  )
}

function Extras({ lesson }: { lesson: AdminLesson }) {
  return (
    <Group gap={4} wrap="wrap">
      <LessonStatusBadge status={lesson.status} />
      {lesson.is_group && (
        <Badge color="grape" variant="outline">
          <Trans>Grupowa</Trans>
        </Badge>
      )}
      {lesson.open_absence_reports > 0 && (
        <Badge color="orange" variant="filled">
          <Trans>Zgłoszenia nieobecności: {lesson.open_absence_reports}</Trans>
        </Badge>
      )}
    </Group>
  )
}

export function LessonsList({ lessons }: { lessons: AdminLesson[] }) {
  const { t, i18n } = useLingui()
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false })
  // The details link back to this very list (its filters and page).
  const { search } = useLocation()
  const open = (lesson: AdminLesson) => (
    <Anchor component={Link} to={lessonHref(lesson.id)} state={{ listSearch: search }} fw={600}>
      {lessonTimes(lesson.starts_at, lesson.ends_at)}
    </Anchor>
  )
  const subject = (lesson: AdminLesson) =>
    `${languageLabel(lesson.language, i18n.locale)} ${lesson.level.name}`

  if (!wide)
    return (
      <Stack gap="sm" component="ul" aria-label={t`Lekcje`} p={0} m={0} style={{ listStyle: 'none' }}>
        {lessons.map((lesson) => (
          <Paper key={lesson.id} withBorder radius="md" p="sm" component="li">
            <Stack gap={4}>
              {open(lesson)}
              <Text size="sm" c="dimmed">
                {subject(lesson)}
              </Text>
              <Parties lesson={lesson} />
              <Extras lesson={lesson} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    )

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={t`Lekcje`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Termin (czas polski)</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Język</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Lektor</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Kursant</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lessons.map((lesson) => (
              <Table.Tr key={lesson.id}>
                <Table.Td>{open(lesson)}</Table.Td>
                <Table.Td>{subject(lesson)}</Table.Td>
                <Table.Td>{personName(lesson.teacher)}</Table.Td>
                <Table.Td>
                  {personName(lesson.student)}
                  {lesson.student.company_name && (
                    <Text size="xs" c="dimmed">
                      {lesson.student.company_name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Extras lesson={lesson} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  )
}
