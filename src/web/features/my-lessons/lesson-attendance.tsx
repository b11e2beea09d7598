import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Stack, Text } from '@mantine/core'
import { IconUserCheck, IconUserOff } from '@tabler/icons-react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { type AttendanceRow, attendanceRows, attendanceShown, type PartyPresence } from './attendance.ts'
import { useLessonView } from './lesson-view-context.tsx'

/**
 * docs/lesson-room-protocol.md §4: who was at the lesson and from when to when (Poland time, like
 * the lesson's own hours), for both parties alike. A part of its lesson, not a landmark: the next
 * lesson's card and the list show the same lesson, and two landmarks of one name tell a screen
 * reader's user nothing.
 */
export function LessonAttendance({ lesson }: { lesson: Lesson }) {
  const { role, now } = useLessonView()
  if (lesson.status === 'cancelled' || !attendanceShown(lesson, now)) return null
  // A meeting's teacher reads each student's presence in the roster, not one place's here.
  if (lesson.group && role === 'teacher') return null
  return (
    <Stack gap={2} data-testid="attendance">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        <Trans>Obecność</Trans>
      </Text>
      {attendanceRows(lesson, role, now).map((row) => (
        <PresenceLine key={row.role} row={row} own={row.role === role} />
      ))}
      <ReportedAbsence lesson={lesson} />
    </Stack>
  )
}

function PresenceLine({ row, own }: { row: AttendanceRow; own: boolean }) {
  const { t } = useLingui()
  const who = own ? t`Ty` : row.role === 'teacher' ? t`Lektor` : t`Kursant`
  const present = row.presence.kind === 'present'
  const Icon = present ? IconUserCheck : IconUserOff
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Icon
        size={16}
        aria-hidden
        style={{ flexShrink: 0, marginTop: 2 }}
        color={present ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-6)'}
      />
      <Text size="sm">
        <Text component="span" fw={600} inherit>
          {who}:
        </Text>{' '}
        <PresenceText presence={row.presence} />
      </Text>
    </Group>
  )
}

function PresenceText({ presence }: { presence: PartyPresence }) {
  const { t } = useLingui()
  if (presence.kind === 'waiting') return <Trans>jeszcze nie na lekcji</Trans>
  if (presence.kind === 'absent') return <Trans>nieobecność</Trans>
  return presence.intervals
    .map(({ from, to }) => (to === null ? t`od ${from} (teraz na lekcji)` : `${from}–${to}`))
    .join(', ')
}

/**
 * In ReportAbsence: whether the person being reported ever came to the room, as the server recorded
 * it; the report then stores the same fact (`absentee_joined`).
 */
export function AbsenteePresence({ lesson }: { lesson: Lesson }) {
  const { role, now } = useLessonView()
  const absentee = attendanceRows(lesson, role, now).find((row) => row.role !== role)
  if (!absentee) return null
  const joined = absentee.presence.kind === 'present'
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="absentee-presence">
      {joined ? (
        <IconUserCheck size={18} aria-hidden style={{ flexShrink: 0 }} color="var(--mantine-color-green-7)" />
      ) : (
        <IconUserOff size={18} aria-hidden style={{ flexShrink: 0 }} color="var(--mantine-color-red-7)" />
      )}
      <Text size="sm">
        {joined && role === 'student' && <Trans>Według zapisu obecności lektor był w pokoju lekcji:</Trans>}
        {joined && role === 'teacher' && <Trans>Według zapisu obecności kursant był w pokoju lekcji:</Trans>}
        {!joined && role === 'student' && (
          <Trans>Według zapisu obecności lektora dotąd nie było w pokoju lekcji.</Trans>
        )}
        {!joined && role === 'teacher' && (
          <Trans>Według zapisu obecności kursanta dotąd nie było w pokoju lekcji.</Trans>
        )}{' '}
        {joined && <PresenceText presence={absentee.presence} />}
      </Text>
    </Group>
  )
}

/** The report already sent: whether the absentee had come to the room when it was made. */
export function ReportedAbsence({ lesson }: { lesson: Lesson }) {
  const { role } = useLessonView()
  const report = lesson.my_absence_report
  if (!report) return null
  const teacher = role === 'student'
  return (
    <Text size="sm" c="dimmed" data-testid="reported-absence">
      {report.absentee_joined ? (
        teacher ? (
          <Trans>Zgłoszono nieobecność lektora (do chwili zgłoszenia był w pokoju lekcji).</Trans>
        ) : (
          <Trans>Zgłoszono nieobecność kursanta (do chwili zgłoszenia był w pokoju lekcji).</Trans>
        )
      ) : teacher ? (
        <Trans>Zgłoszono nieobecność lektora (do chwili zgłoszenia nie dołączył do lekcji).</Trans>
      ) : (
        <Trans>Zgłoszono nieobecność kursanta (do chwili zgłoszenia nie dołączył do lekcji).</Trans>
      )}
    </Text>
  )
}
