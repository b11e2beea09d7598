import { Trans, useLingui } from '@lingui/react/macro'
import { useAllowedStudents, useStudentsWithLessons } from '../../api/teacher-students.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { QueriesFallback } from '../../ui/queries-fallback.tsx'
import { AllowedStudentsForm } from './allowed-students-form.tsx'
import { initialAllowedValues, offeredStudents } from './allowed-students-rules.ts'

type Props = { opened: boolean; onClose: () => void; notAccepting: boolean }

/**
 * EditAllowedStudents (edit width): who may book lessons with the teacher (product-rules.md
 * "Allowed students").
 */
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
  return (
    <QueriesFallback
      queries={[allowed, withLessons]}
      loadingLabel={<Trans>Wczytujemy Twoich kursantów…</Trans>}
    />
  )
}
