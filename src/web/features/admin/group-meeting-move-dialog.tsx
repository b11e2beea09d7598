import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, SimpleGrid, Stack, Text } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { formatPolandTime, polandDateKey } from '../../../domain/poland-time.ts'
import { type AdminGroupMeeting, useMoveMeeting } from '../../api/admin-group-classes.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { TimePicker } from '../../ui/time-picker.tsx'
import { AdminDateField, isDayTypo } from './admin-date-field.tsx'
import { lessonTimes } from './admin-format.ts'
import { DialogActions } from './dialog-actions.tsx'
import { groupClassProblem } from './group-class-problems.ts'
import { onField } from './group-field-problem.tsx'

const FIELDS = ['date', 'time']

/**
 * One meeting to another Poland day and time, its length kept (product-rules.md "Group classes"):
 * its students' places move with it. A time over the teacher's lesson or another meeting is refused,
 * naming it.
 */
export function GroupMeetingMoveDialog({
  meeting,
  onClose,
}: {
  meeting: AdminGroupMeeting
  onClose: () => void
}) {
  const { t } = useLingui()
  const move = useMoveMeeting()
  const start = new Date(meeting.starts_at)
  const [date, setDate] = useState(polandDateKey(start))
  const [time, setTime] = useState(formatPolandTime(start))
  const [submitted, setSubmitted] = useState(false)
  const problem = groupClassProblem(move.error)
  const on = (field: string) => onField(problem, field)
  const close = () => {
    if (!move.isPending) onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (date === '' || isDayTypo(date) || time === '') return
    move.mutate({ meeting_id: meeting.id, date, time }, { onSuccess: onClose })
  }
  const when = lessonTimes(meeting.starts_at, meeting.ends_at)

  return (
    <AppDialog
      opened
      onClose={close}
      title={t`Przenieś spotkanie`}
      variant="edit"
      closeDisabled={move.isPending}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            <Trans>Teraz: {when}. Kursanci i lektor zobaczą nowy termin.</Trans>
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <AdminDateField
              label={t`Nowy dzień`}
              value={date}
              onChange={(next) => {
                setDate(next)
                move.reset()
              }}
              error={submitted && date === '' ? t`Podaj datę` : on('date')}
              submitted={submitted}
            />
            <TimePicker
              label={t`Nowa godzina`}
              value={time}
              onChange={(next) => {
                setTime(next)
                move.reset()
              }}
              error={submitted && time === '' ? t`Podaj godzinę` : on('time')}
            />
          </SimpleGrid>
          <DialogActions problem={problem} fields={FIELDS} pending={move.isPending} onCancel={close}>
            <Button type="submit" loading={move.isPending}>
              <Trans>Przenieś</Trans>
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </AppDialog>
  )
}
