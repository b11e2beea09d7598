import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Stack, Text } from '@mantine/core'
import { type AdminTeacher, useDeactivateTeacher } from '../../api/admin-teachers.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { showToast } from '../../ui/toast.ts'
import { DialogActions } from './dialog-actions.tsx'
import { teacherProblem } from './teacher-problems.ts'

type Props = { teacher: AdminTeacher; name: string; opened: boolean; onClose: () => void }

/** Deactivating a teacher is confirmed first, and can be undone (Przywróć). */
export function TeacherDeactivateDialog({ teacher, name, opened, onClose }: Props) {
  const { t } = useLingui()
  const deactivate = useDeactivateTeacher()
  const problem = teacherProblem(deactivate.error)
  const close = () => {
    if (deactivate.isPending) return
    deactivate.reset()
    onClose()
  }
  const confirm = () =>
    deactivate.mutate(
      { teacher_id: teacher.id },
      {
        onSuccess: () => {
          showToast({ color: 'green', autoClose: 4000, message: t`Konto: ${name} — nieaktywne.` })
          close()
        },
      },
    )

  return (
    <AppDialog opened={opened} onClose={close} title={t`Dezaktywować lektora?`} variant="edit">
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            Konto: {name} — bez logowania i bez nowych rezerwacji. Zmianę można cofnąć przyciskiem „Aktywuj
            ponownie”.
          </Trans>
        </Text>
        <DialogActions problem={problem} pending={deactivate.isPending} onCancel={close}>
          <Button color="red" onClick={confirm} loading={deactivate.isPending}>
            <Trans>Dezaktywuj</Trans>
          </Button>
        </DialogActions>
      </Stack>
    </AppDialog>
  )
}
