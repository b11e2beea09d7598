import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack } from '@mantine/core'
import { useState } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { QUEUED, useUpdateLesson } from '../../api/my-lesson-mutations.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { LessonOverview } from './lesson-overview.tsx'
import { cannotSave, LimitedTextarea } from './limited-textarea.tsx'
import { showSuccessToast, successTexts } from './my-lessons-toasts.ts'
import { useDialogWrite } from './use-dialog-write.ts'

/**
 * AddNote (spec §2): the student's note on the lesson, at most 255 characters; the button is
 * disabled while the note is empty. The current note is filled in and the new one replaces it.
 */
export function AddNoteDialog({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { t } = useLingui()
  const [note, setNote] = useState(lesson.note ?? '')
  const write = useDialogWrite(useUpdateLesson(), lesson)
  const trimmed = note.trim()
  const disabled = trimmed === '' || cannotSave(note) || trimmed === (lesson.note ?? '')

  const save = () =>
    write.submit({ lesson_id: lesson.id, note: trimmed }, (answer) => {
      showSuccessToast(answer === QUEUED ? successTexts.queued : successTexts.noteAdded)
      onClose()
    })

  return (
    <AppDialog opened onClose={onClose} title={t`Dodaj notatkę`} closeDisabled={write.pending}>
      <Stack gap="md">
        <LessonOverview lesson={lesson} />
        <LimitedTextarea
          label={lesson.note ? t`Twoja notatka (zapis zastąpi obecną)` : t`Twoja notatka`}
          value={note}
          onChange={setNote}
          data-autofocus
        />
        <FormError>{write.error && <Message of={write.error} />}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={write.pending}>
            <Trans>Anuluj</Trans>
          </Button>
          <Button onClick={save} disabled={disabled} loading={write.pending}>
            <Trans>Zapisz notatkę</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
