import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { RosterEntry } from '../../../domain/api/group-lessons.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { useReportStudentAbsence } from '../../api/group-lessons.ts'
import { useWriteAttempt } from '../../api/write-attempt.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { cannotSave, LimitedTextarea } from './limited-textarea.tsx'
import { showSuccessToast, successTexts } from './my-lessons-toasts.ts'
import { writeErrorMessage } from './use-dialog-write.ts'

const JOIN_MARGIN_MS = 15 * 60_000

export const rosterName = (entry: RosterEntry) =>
  [entry.student.first_name, entry.student.last_name].filter(Boolean).join(' ')

/** Before the meeting: coming or not; from its start: in the room or not (the server's record). */
function EntryBadge({ entry, started }: { entry: RosterEntry; started: boolean }) {
  if (entry.attended)
    return (
      <Badge color="green" variant="light">
        <Trans>Na zajęciach</Trans>
      </Badge>
    )
  if (entry.absent_at !== null)
    return (
      <Badge color="orange" variant="light">
        <Trans>Nie przyjdzie</Trans>
      </Badge>
    )
  return started ? (
    <Badge color="gray" variant="light">
      <Trans>Nieobecność</Trans>
    </Badge>
  ) : (
    <Badge color="blue" variant="light">
      <Trans>Przyjdzie</Trans>
    </Badge>
  )
}

/**
 * One student of the meeting: their state, the teacher's absence report on them, and the report
 * itself from 15 minutes before the start (product-rules.md "Absence reports").
 */
export function RosterEntryItem({
  entry,
  meeting,
  now,
}: {
  entry: RosterEntry
  meeting: Lesson
  now: number
}) {
  const { t } = useLingui()
  const name = rosterName(entry)
  const reportNote = entry.absence_report?.note ?? ''
  const [writing, setWriting] = useState(false)
  const [note, setNote] = useState('')
  const report = useReportStudentAbsence(meeting.id)
  const attempt = useWriteAttempt()
  const [error, setError] = useState<ReturnType<typeof writeErrorMessage>>(null)
  const start = Date.parse(meeting.scheduled_at)
  const reportable =
    entry.absence_report === null &&
    !entry.attended &&
    now >= start - JOIN_MARGIN_MS &&
    meeting.status !== 'cancelled'
  const send = () => {
    const input = { lesson_id: entry.lesson_id, absentee_id: entry.student.id, note: note.trim() }
    setError(null)
    report.mutate(
      { input, idempotencyKey: attempt.keyFor(input), entry },
      {
        onSuccess: () => {
          attempt.settle(null)
          showSuccessToast(successTexts.absenceReported)
          setWriting(false)
        },
        onError: (failure) => {
          attempt.settle(failure)
          setError(writeErrorMessage(failure))
        },
      },
    )
  }
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="roster-entry" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <EntryBadge entry={entry} started={now >= start} />
        </Group>
        {entry.absence_report && (
          <Text size="sm" c="dimmed">
            {reportNote ? (
              <Trans>Zgłoszona nieobecność: {reportNote}</Trans>
            ) : (
              <Trans>Zgłoszona nieobecność</Trans>
            )}
          </Text>
        )}
        {reportable && !writing && (
          <Button
            size="xs"
            variant="default"
            color="red"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setWriting(true)}
            aria-label={t`Zgłoś nieobecność: ${name}`}
          >
            <Trans>Zgłoś nieobecność</Trans>
          </Button>
        )}
        {writing && (
          <Stack gap="xs">
            <LimitedTextarea label={t`Uwagi (opcjonalnie)`} value={note} onChange={setNote} autoFocus />
            <FormError>{error && <Message of={error} />}</FormError>
            <Group justify="flex-end" gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => setWriting(false)}
                disabled={report.isPending}
              >
                <Trans>Anuluj</Trans>
              </Button>
              <Button
                size="xs"
                color="red"
                onClick={send}
                disabled={cannotSave(note)}
                loading={report.isPending}
              >
                <Trans>Wyślij zgłoszenie</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}
