import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
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
 * AddNote (product-rules.md "Notes and memos"): the lesson `note` is the student's message to the
 * teacher (lesson-texts.ts), at most 255 characters; the button is disabled while it is empty. The
 * current message is filled in and the new one replaces it; both parties then read it on the
 * lesson.
 */
export function AddNoteDialog({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { t } = useLingui()
  const [note, setNote] = useState(lesson.note ?? '')
  const write = useDialogWrite(useUpdateLesson(), lesson)
  const trimmed = note.trim()
  const disabled = trimmed === '' || cannotSave(note) || trimmed === (lesson.note ?? '')
  const teacher = lesson.fullName

  const save = () =>
    write.submit({ lesson_id: lesson.id, note: trimmed }, (answer) => {
      showSuccessToast(answer === QUEUED ? successTexts.queued : successTexts.noteAdded)
      onClose()
    })

  return (
    <AppDialog opened onClose={onClose} title={t`Wiadomość dla lektora`} closeDisabled={write.pending}>
      <Stack gap="md">
        <LessonOverview lesson={lesson} />
        <Text size="sm">
          <Trans>
            {teacher} zobaczy ją przy tej lekcji. Napisz, co chcesz przećwiczyć albo o co zapytać.
          </Trans>
        </Text>
        <LimitedTextarea
          label={lesson.note ? t`Twoja wiadomość (zapis zastąpi obecną)` : t`Twoja wiadomość`}
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
            <Trans>Zapisz wiadomość</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
