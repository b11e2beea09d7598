import '@mantine/core/styles/List.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { List, Text } from '@mantine/core'
import type { AdminAttendanceDto, AdminPerson } from '../../../domain/api/admin-lessons.ts'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import { minutesBetween, personName } from './admin-format.ts'

type Props = {
  attendance: AdminAttendanceDto[]
  teacher: AdminPerson
  student: AdminPerson
  startsAt: string
  /**
   * Whether the parties were due in the room (the lesson has started and was not cancelled): only
   * then is a missing party pointed out; before, nobody having come in is no news.
   */
  due?: boolean
}

const time = (iso: string, day: string) => {
  const at = new Date(iso)
  // The day only when the stay is not on the lesson's day.
  return formatPolandDate(at) === day
    ? formatPolandTime(at)
    : `${formatPolandDate(at)} ${formatPolandTime(at)}`
}

/**
 * Who was in the lesson room and when (the server's records, protocol §4): each party's stays,
 * and a plain sentence for a party who never came in — the evidence beside an absence claim.
 */
export function AttendanceList({ attendance, teacher, student, startsAt, due = true }: Props) {
  const { t } = useLingui()
  const day = formatPolandDate(new Date(startsAt))
  const nameOf = (role: AdminAttendanceDto['role']) => {
    const name = personName(role === 'teacher' ? teacher : student)
    return role === 'teacher' ? t`Lektor ${name}` : t`Kursant ${name}`
  }
  const absent = (['teacher', 'student'] as const).filter((role) => !attendance.some((a) => a.role === role))

  return (
    <div>
      {attendance.length > 0 && (
        <List size="sm" spacing={4} aria-label={t`Obecność w pokoju lekcji`}>
          {attendance.map((stay) => {
            const from = time(stay.from, day)
            const until = stay.to ? time(stay.to, day) : null
            const minutes = stay.to ? minutesBetween(stay.from, stay.to) : null
            const who = nameOf(stay.role)
            return (
              <List.Item key={`${stay.user_id}-${stay.from}`}>
                {until === null ? (
                  <Trans>
                    {who}: od {from}, bez zapisanego wyjścia (wciąż w pokoju albo zerwane połączenie)
                  </Trans>
                ) : (
                  <Trans>
                    {who}: {from}–{until} ({minutes} min)
                  </Trans>
                )}
              </List.Item>
            )
          })}
        </List>
      )}
      {!due && attendance.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>Nikt nie wchodził do pokoju lekcji.</Trans>
        </Text>
      )}
      {due &&
        absent.map((role) => {
          const who = nameOf(role)
          return (
            <Text key={role} size="sm" fw={600} c="red.8">
              <Trans>{who}: brak wejścia do pokoju lekcji</Trans>
            </Text>
          )
        })}
    </div>
  )
}
