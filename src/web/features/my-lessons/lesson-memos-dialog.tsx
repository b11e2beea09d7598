import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { QUEUED, useUpdateLesson } from '../../api/my-lesson-mutations.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { LessonOverview } from './lesson-overview.tsx'
import { ownMemo } from './lesson-texts.ts'
import { useLessonView } from './lesson-view-context.tsx'
import { cannotSave, LimitedTextarea } from './limited-textarea.tsx'
import { showSuccessToast, successTexts } from './my-lessons-toasts.ts'
import { useDialogWrite } from './use-dialog-write.ts'

/**
 * LessonMemos (product-rules.md "Notes and memos"): each party writes its own memo, at most 255
 * characters; an emptied memo clears it. The teacher's is their notes for the student, the
 * student's their own notebook (lesson-texts.ts); both are read on the lesson itself. A student has
 * none on a group lesson, so the menu does not offer it there.
 */
export function LessonMemosDialog({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { t } = useLingui()
  const { role } = useLessonView()
  const field = ownMemo(role)
  const saved = lesson[field] ?? ''
  const [memo, setMemo] = useState(saved)
  const write = useDialogWrite(useUpdateLesson(), lesson)
  const student = lesson.fullName
  const teacher = role === 'teacher'
  // A meeting's memo is one for the whole class (docs/decisions.md "The group tab").
  const forGroup = teacher && lesson.group != null
  const title = forGroup ? t`Notatki dla grupy` : teacher ? t`Notatki dla kursanta` : t`Moje notatki`

  const save = () =>
    write.submit(
      field === 'teacher_memos'
        ? { lesson_id: lesson.id, teacher_memos: memo.trim() }
        : { lesson_id: lesson.id, student_memos: memo.trim() },
      (answer) => {
        showSuccessToast(answer === QUEUED ? successTexts.queued : successTexts.memoSaved)
        onClose()
      },
    )

  return (
    <AppDialog opened onClose={onClose} title={title} closeDisabled={write.pending}>
      <Stack gap="md">
        <LessonOverview lesson={lesson} />
        <Text size="sm">
          {forGroup ? (
            <Trans>
              Zobaczy je każdy kursant tych zajęć: co przerobiliście, zadanie domowe, nowe słówka.
            </Trans>
          ) : teacher ? (
            <Trans>
              {student} zobaczy je przy tej lekcji: co przerobiliście, zadanie domowe, nowe słówka.
            </Trans>
          ) : (
            <Trans>Widzisz je tylko Ty. Zapisz, co chcesz zapamiętać z tej lekcji.</Trans>
          )}
        </Text>
        <LimitedTextarea label={title} value={memo} onChange={setMemo} data-autofocus />
        <FormError>{write.error && <Message of={write.error} />}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={write.pending}>
            <Trans>Anuluj</Trans>
          </Button>
          <Button onClick={save} disabled={cannotSave(memo) || memo.trim() === saved} loading={write.pending}>
            <Trans>Zapisz notatki</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
