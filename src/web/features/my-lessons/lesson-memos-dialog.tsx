import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { QUEUED, useUpdateLesson } from '../../api/my-lesson-mutations.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { useLessonView } from './lesson-view-context.tsx'
import { cannotSave, LimitedTextarea } from './limited-textarea.tsx'
import { showSuccessToast, successTexts } from './my-lessons-toasts.ts'
import { useDialogWrite } from './use-dialog-write.ts'

/**
 * LessonMemos (spec §2, §5): the teacher edits teacher_memos, the student edits student_memos,
 * each sees the other's read-only; the student memo is hidden for group lessons. At most 255
 * characters each; an emptied memo clears it.
 */
export function LessonMemosDialog({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { t } = useLingui()
  const { role } = useLessonView()
  const field = role === 'teacher' ? 'teacher_memos' : 'student_memos'
  // spec §5: no student memo on a group lesson, so a student there only reads the teacher's.
  const editable = !(field === 'student_memos' && lesson.is_group)
  const saved = lesson[field] ?? ''
  const [memo, setMemo] = useState(saved)
  const write = useDialogWrite(useUpdateLesson(), lesson)
  const otherMemo = role === 'teacher' ? lesson.student_memos : lesson.teacher_memos
  const showOther = role === 'student' || !lesson.is_group

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
    <AppDialog opened onClose={onClose} title={t`Notatki z lekcji`} closeDisabled={write.pending}>
      <Stack gap="md">
        {showOther && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {role === 'teacher' ? <Trans>Notatka kursanta</Trans> : <Trans>Notatka lektora</Trans>}
            </Text>
            <Paper withBorder radius="md" p="sm" bg="gray.0">
              <Text size="sm" c={otherMemo ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
                {otherMemo || t`Brak notatki`}
              </Text>
            </Paper>
          </Stack>
        )}
        {editable && (
          <LimitedTextarea
            label={role === 'teacher' ? t`Twoja notatka lektora` : t`Twoja notatka kursanta`}
            value={memo}
            onChange={setMemo}
            data-autofocus
          />
        )}
        <FormError>{write.error && <Message of={write.error} />}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={write.pending}>
            {editable ? <Trans>Anuluj</Trans> : <Trans>Zamknij</Trans>}
          </Button>
          {editable && (
            <Button
              onClick={save}
              disabled={cannotSave(memo) || memo.trim() === saved}
              loading={write.pending}
            >
              <Trans>Zapisz</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </AppDialog>
  )
}
