import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { formatPolandDate } from '../../../domain/poland-time.ts'
import {
  type AdminStudent,
  useClearWarning,
  useLiftBan,
  useResendInvitation,
} from '../../api/admin-students.ts'
import { showToast } from '../../ui/toast.ts'
import { polandDateTime } from './admin-format.ts'
import { ProblemText } from './problem-text.tsx'
import { StudentAccessDialog } from './student-access-dialog.tsx'
import { studentProblem } from './student-problems.ts'

const fullName = (s: AdminStudent) => [s.first_name, s.last_name].filter(Boolean).join(' ')
/** YYYY-MM-DD as dd.MM.yyyy (design.md "Words"). */
export const showDay = (day: string) => day.split('-').reverse().join('.')

/** One student: access flags, "active until", company, warning and ban, invitation; and the actions. */
export function StudentCard({ student }: { student: AdminStudent }) {
  const { t, i18n } = useLingui()
  const [editing, setEditing] = useState(false)
  const liftBan = useLiftBan()
  const clearWarning = useClearWarning()
  const resend = useResendInvitation()
  const problem = studentProblem(liftBan.error ?? clearWarning.error ?? resend.error)
  // A student invited without a name is named by the address; the heading then says what is
  // known instead of the address a second time.
  const name = fullName(student) || student.email
  const nameless = fullName(student) === ''
  const done = (message: string) => showToast({ color: 'green', autoClose: 4000, message })
  // The invitation's e-mail waits in the server's outbox (not sent yet, or its sending failed).
  const mailPending = student.invitation.mail_pending === true
  const invitation = {
    none: null,
    pending: mailPending ? t`Zaproszenie czeka na wysłanie` : t`Zaproszenie wysłane`,
    expired: t`Zaproszenie wygasło`,
    accepted: null,
  }[student.invitation.state]

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end">
              {nameless ? (
                <>
                  {t`(bez imienia)`}
                  {invitation && ` · ${invitation.toLocaleLowerCase(i18n.locale)}`}
                </>
              ) : (
                name
              )}
            </Text>
            <Text size="sm" c="dimmed" truncate="end" title={student.email}>
              {student.email}
            </Text>
          </div>
          <Group gap={4} wrap="wrap" justify="flex-end">
            {student.status === 'inactive' && (
              <Badge color="gray" variant="light" tt="none">
                <Trans>Konto nieaktywne</Trans>
              </Badge>
            )}
            {invitation && !nameless && (
              <Badge color={mailPending ? 'orange' : 'blue'} variant="light" tt="none">
                {invitation}
              </Badge>
            )}
            {student.expired && (
              <Badge color="orange" variant="light" tt="none">
                <Trans>Dostęp wygasł</Trans>
              </Badge>
            )}
            {student.banned_until && (
              <Badge color="red" variant="light" tt="none">
                <Trans>Konto zablokowane do {polandDateTime(student.banned_until)}</Trans>
              </Badge>
            )}
            {student.warned_at && (
              <Badge color="yellow" variant="light" tt="none">
                <Trans>Ostrzeżenie {formatPolandDate(new Date(student.warned_at))}</Trans>
              </Badge>
            )}
          </Group>
        </Group>
        <Group gap={6} wrap="wrap">
          <Badge
            variant={student.human_access ? 'filled' : 'outline'}
            color={student.human_access ? 'indigo' : 'gray'}
            tt="none"
          >
            {student.human_access ? t`Lekcje z lektorem: tak` : t`Lekcje z lektorem: nie`}
          </Badge>
          <Badge
            variant={student.ai_access ? 'filled' : 'outline'}
            color={student.ai_access ? 'indigo' : 'gray'}
            tt="none"
          >
            {student.ai_access ? t`Lekcje z AI: tak` : t`Lekcje z AI: nie`}
          </Badge>
          {student.only_group_lessons && (
            <Badge variant="outline" tt="none">
              <Trans>Tylko lekcje grupowe</Trans>
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {student.active_until ? (
            <Trans>Dostęp do {showDay(student.active_until)}</Trans>
          ) : (
            <Trans>Bez daty końca</Trans>
          )}
          {' · '}
          {student.company_name ?? t`Bez firmy`}
          {' · '}
          <Trans>Limit zaplanowanych lekcji: {student.scheduled_lessons_limit}</Trans>
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            <Trans>Dostęp i limit…</Trans>
          </Button>
          {mailPending && (
            <Button
              size="xs"
              variant="default"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(
                  { student_id: student.id },
                  {
                    onSuccess: ({ mail_sent }) =>
                      mail_sent
                        ? done(t`Zaproszenie wysłane: ${name}.`)
                        : showToast({
                            color: 'yellow',
                            autoClose: 6000,
                            message: t`E-mail jeszcze nie wyszedł; serwer spróbuje ponownie sam.`,
                          }),
                  },
                )
              }
            >
              <Trans>Wyślij zaproszenie ponownie</Trans>
            </Button>
          )}
          {student.banned_until && (
            <Button
              size="xs"
              variant="default"
              loading={liftBan.isPending}
              onClick={() =>
                liftBan.mutate(
                  { student_id: student.id },
                  { onSuccess: () => done(t`Blokada zdjęta: ${name}.`) },
                )
              }
            >
              <Trans>Zdejmij blokadę</Trans>
            </Button>
          )}
          {student.warned_at && (
            <Button
              size="xs"
              variant="default"
              loading={clearWarning.isPending}
              onClick={() =>
                clearWarning.mutate(
                  { student_id: student.id },
                  { onSuccess: () => done(t`Ostrzeżenie usunięte: ${name}.`) },
                )
              }
            >
              <Trans>Usuń ostrzeżenie</Trans>
            </Button>
          )}
        </Group>
        {problem && (
          <Text size="sm" c="red" role="alert">
            <ProblemText problem={problem.message} />
          </Text>
        )}
      </Stack>
      {editing && <StudentAccessDialog student={student} name={name} onClose={() => setEditing(false)} />}
    </Paper>
  )
}
