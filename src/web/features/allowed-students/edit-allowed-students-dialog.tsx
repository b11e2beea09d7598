import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Stack } from '@mantine/core'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { useAllowedStudents, useStudentsWithLessons } from '../../api/teacher-students.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { AllowedStudentsForm } from './allowed-students-form.tsx'
import { initialAllowedValues, offeredStudents } from './allowed-students-rules.ts'

type Props = { opened: boolean; onClose: () => void; notAccepting: boolean }

/** EditAllowedStudents (spec §2, edit width): who may book lessons with the teacher (spec §4). */
export function EditAllowedStudentsDialog({ opened, onClose, notAccepting }: Props) {
  const { t } = useLingui()
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Kursanci`}>
      {opened && <AllowedStudentsContent notAccepting={notAccepting} onDone={onClose} />}
    </AppDialog>
  )
}

/** Loads the teacher's students and the saved list, then shows the form. */
export function AllowedStudentsContent({
  notAccepting,
  onDone,
}: {
  notAccepting: boolean
  onDone: () => void
}) {
  const allowed = useAllowedStudents()
  const withLessons = useStudentsWithLessons()
  if (allowed.data && withLessons.data) {
    return (
      <AllowedStudentsForm
        initial={initialAllowedValues(notAccepting, allowed.data)}
        students={offeredStudents(withLessons.data, allowed.data)}
        onDone={onDone}
      />
    )
  }
  const failed = [allowed, withLessons].find((query) => query.isError)
  if (!failed) return <PageLoader label={<Trans>Wczytujemy Twoich kursantów…</Trans>} />
  const error = failed.error instanceof ApiError ? apiErrorMessage(failed.error) : codeMessage('server_error')
  return (
    <Stack gap="md">
      <FormError>
        <Message of={error} />
      </FormError>
      <Button variant="default" onClick={() => void Promise.all([allowed.refetch(), withLessons.refetch()])}>
        <Trans>Spróbuj ponownie</Trans>
      </Button>
    </Stack>
  )
}
