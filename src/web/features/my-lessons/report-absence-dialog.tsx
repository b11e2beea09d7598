import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { absenteeOf } from '../../../domain/lesson-rules.ts'
import { useReportAbsence } from '../../api/my-lesson-mutations.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { AbsenteePresence } from './lesson-attendance.tsx'
import { LessonOverview } from './lesson-overview.tsx'
import { useLessonView } from './lesson-view-context.tsx'
import { cannotSave, LimitedTextarea } from './limited-textarea.tsx'
import { showSuccessToast, successTexts } from './my-lessons-toasts.ts'
import { useDialogWrite } from './use-dialog-write.ts'

/**
 * ReportAbsence (product-rules.md "Absence reports"): a student reports the teacher, a teacher the
 * student (the absentee is the lesson's other party), with an optional note of at most 255
 * characters.
 */
export function ReportAbsenceDialog({
  lesson,
  onClose,
  onReported,
}: {
  lesson: Lesson
  onClose: () => void
  /** The room activates its leave control after a report. */
  onReported?: () => void
}) {
  const { t } = useLingui()
  const { role } = useLessonView()
  const [note, setNote] = useState('')
  const write = useDialogWrite(useReportAbsence(), lesson)
  const name = lesson.fullName

  const report = () =>
    write.submit(
      { lesson_id: lesson.id, absentee_id: absenteeOf(lesson, role).id, note: note.trim() },
      () => {
        showSuccessToast(successTexts.absenceReported)
        onReported?.()
        onClose()
      },
    )

  return (
    <AppDialog opened onClose={onClose} title={t`Zgłoś nieobecność`} closeDisabled={write.pending}>
      <Stack gap="md">
        {/* The absentee's presence is said below, on its own. */}
        <LessonOverview lesson={lesson} withAttendance={false} />
        <Text>
          {/* Worded without a past-tense verb, which would need the person's gender in Polish. */}
          {role === 'student' ? (
            <Trans>Zgłaszasz nieobecność lektora na tej lekcji: {name}.</Trans>
          ) : (
            <Trans>Zgłaszasz nieobecność kursanta na tej lekcji: {name}.</Trans>
          )}
        </Text>
        <AbsenteePresence lesson={lesson} />
        <LimitedTextarea label={t`Uwagi (opcjonalnie)`} value={note} onChange={setNote} data-autofocus />
        <FormError>{write.error && <Message of={write.error} />}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={write.pending}>
            <Trans>Anuluj</Trans>
          </Button>
          <Button color="red" onClick={report} disabled={cannotSave(note)} loading={write.pending}>
            <Trans>Wyślij zgłoszenie</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}
