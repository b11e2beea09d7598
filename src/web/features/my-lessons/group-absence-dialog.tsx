import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { useGroupAbsence } from '../../api/group-lessons.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { LessonOverview } from './lesson-overview.tsx'
import { showSuccessToast, successTexts } from './my-lessons-toasts.ts'
import { useDialogWrite } from './use-dialog-write.ts'

/**
 * A student's word on one group meeting (docs/decisions.md "The group tab"): they will not come,
 * or will after all. The teacher sees it in the roster; no penalty, the meeting stays.
 */
export function GroupAbsenceDialog({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { t } = useLingui()
  const write = useDialogWrite(useGroupAbsence(), lesson)
  const absent = lesson.group?.absent_at != null
  const send = () =>
    write.submit({ lesson_id: lesson.id, absent: !absent }, () => {
      showSuccessToast(absent ? successTexts.groupComing : successTexts.groupAbsent)
      onClose()
    })
  return (
    <AppDialog
      opened
      onClose={onClose}
      title={absent ? t`Jednak przyjdę` : t`Nie przyjdę na te zajęcia`}
      closeDisabled={write.pending}
    >
      <Stack gap="md">
        <LessonOverview lesson={lesson} withAttendance={false} />
        <Text>
          {absent ? (
            <Trans>Lektor zobaczy, że jednak będziesz na tych zajęciach.</Trans>
          ) : (
            <Trans>
              Lektor zobaczy, że nie będzie Cię na tych zajęciach. Zajęcia odbędą się bez zmian, nie ma za to
              żadnej kary, a do ich rozpoczęcia możesz zmienić zdanie.
            </Trans>
          )}
        </Text>
        <FormError>{write.error && <Message of={write.error} />}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={write.pending}>
            <Trans>Anuluj</Trans>
          </Button>
          <Button onClick={send} loading={write.pending} data-autofocus>
            {absent ? <Trans>Przyjdę</Trans> : <Trans>Nie przyjdę</Trans>}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
