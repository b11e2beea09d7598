import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { TEXT_LIMIT } from '../../../domain/constants.ts'
import { type AdminLessonDetail, useCancelLessonAsSchool } from '../../api/admin-lessons.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, fieldErrorMessage } from '../../api/error-messages.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { lessonTimes, personName } from './admin-format.ts'

type Props = { lesson: AdminLessonDetail; opened: boolean; onClose: () => void; onCancelled: () => void }

/**
 * The school cancels a lesson: a reason is required (at most 255 characters, product-rules.md
 * "Validation"), nobody is penalised and both parties are told. The server's refusal (the lesson
 * has started, finished or was cancelled meanwhile) stays in the dialog.
 */
export function LessonCancelDialog({ lesson, opened, onClose, onCancelled }: Props) {
  const { t } = useLingui()
  const cancel = useCancelLessonAsSchool()
  const [reason, setReason] = useState('')
  const [empty, setEmpty] = useState(false)
  const error = cancel.error instanceof ApiError ? cancel.error : null
  const reasonError = error?.fieldErrors.find((e) => e.field === 'reason')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const text = reason.trim()
    setEmpty(text === '')
    if (text !== '') cancel.mutate({ lesson_id: lesson.id, reason: text }, { onSuccess: onCancelled })
  }
  const close = () => {
    if (cancel.isPending) return
    cancel.reset()
    onClose()
  }
  const when = lessonTimes(lesson.starts_at, lesson.ends_at)
  const teacher = personName(lesson.teacher)
  const student = personName(lesson.student)

  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title={t`Odwołać lekcję w imieniu szkoły?`}
      closeDisabled={cancel.isPending}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            <Trans>
              Lekcja {when}: lektor {teacher}, kursant {student}.
            </Trans>
          </Text>
          <Alert color="blue" variant="light" role="note">
            <Trans>
              Nikt nie dostanie kary ani ostrzeżenia. Lektor i kursant dostaną wiadomość o odwołaniu z tym
              powodem, a termin zwolni się dla innych.
            </Trans>
          </Alert>
          <Textarea
            label={t`Powód odwołania`}
            description={t`Zobaczą go lektor i kursant.`}
            required
            rows={3}
            maxLength={TEXT_LIMIT}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value)
              setEmpty(false)
            }}
            error={
              empty ? (
                t`Podaj powód odwołania`
              ) : reasonError ? (
                <Message of={fieldErrorMessage(reasonError)} />
              ) : null
            }
            data-autofocus
          />
          {error && !reasonError && (
            <FormError>
              <Message of={apiErrorMessage(error)} />
            </FormError>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              <Trans>Nie odwołuj</Trans>
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              <Trans>Odwołaj lekcję</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  )
}
