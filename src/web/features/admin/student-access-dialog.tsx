import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { polandDateKey } from '../../../domain/poland-time.ts'
import { type AdminStudent, type StudentChanges, useUpdateStudent } from '../../api/admin-students.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { showToast } from '../../ui/toast.ts'
import { AccessCheckboxes, type AccessFlags } from './access-checkboxes.tsx'
import { AdminDateField, isDayTypo } from './admin-date-field.tsx'
import { DialogActions } from './dialog-actions.tsx'
import { ProblemText } from './problem-text.tsx'
import { SCHEDULED_LIMIT, studentProblem } from './student-problems.ts'

type Props = { student: AdminStudent; name: string; onClose: () => void }
const FIELDS = ['active_until', 'human_access', 'ai_access', 'only_group_lessons', 'lesson_limit']

/**
 * A student's access fields (product-rules.md "Records and fields"): extend or end access ("active
 * until"; ending it today leaves today usable, as the server says), the access flags and the
 * scheduled-lessons limit.
 */
export function StudentAccessDialog({ student, name, onClose }: Props) {
  const { t } = useLingui()
  const update = useUpdateStudent()
  const [until, setUntil] = useState(student.active_until ?? '')
  const [access, setAccess] = useState<AccessFlags>({
    human: student.human_access,
    ai: student.ai_access,
    group: student.only_group_lessons,
  })
  const { human, ai, group } = access
  const [limit, setLimit] = useState(String(student.scheduled_lessons_limit))
  const [limitError, setLimitError] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const problem = studentProblem(update.error)
  const { min, max } = SCHEDULED_LIMIT
  const close = () => {
    if (!update.isPending) onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const typed = limit.trim()
    const lessons = /^\d{1,3}$/.test(typed) ? Number(typed) : Number.NaN
    const badLimit = !(lessons >= min && lessons <= max)
    setLimitError(badLimit)
    setSubmitted(true)
    if (badLimit || isDayTypo(until)) return
    const changes: StudentChanges = {}
    const day = until === '' ? null : until
    if (day !== student.active_until) changes.active_until = day
    if (human !== student.human_access) changes.human_access = human
    if (ai !== student.ai_access) changes.ai_access = ai
    if (group !== student.only_group_lessons) changes.only_group_lessons = group
    if (lessons !== student.scheduled_lessons_limit) changes.lesson_limit = lessons
    if (Object.keys(changes).length === 0) return onClose()
    update.mutate(
      { student_id: student.id, ...changes },
      {
        onSuccess: () => {
          showToast({ color: 'green', autoClose: 4000, message: t`Zapisano: ${name}.` })
          onClose()
        },
      },
    )
  }
  const on = (field: string) => (problem?.field === field ? <ProblemText problem={problem.message} /> : null)

  return (
    <AppDialog opened onClose={close} title={t`Dostęp i limit: ${name}`} variant="edit">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <AdminDateField
            label={t`Aktywny do`}
            description={t`Puste pole: bez daty końca. Dzisiejsza data kończy dostęp po dzisiejszym dniu.`}
            value={until}
            onChange={setUntil}
            error={on('active_until')}
            submitted={submitted}
          />
          <Group gap="xs">
            <Button size="compact-xs" variant="subtle" onClick={() => setUntil(polandDateKey(Date.now()))}>
              <Trans>Zakończ dziś</Trans>
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => setUntil('')}>
              <Trans>Bez daty końca</Trans>
            </Button>
          </Group>
          <AccessCheckboxes value={access} onChange={setAccess} />
          <TextInput
            label={t`Limit zaplanowanych lekcji`}
            description={t`Liczba całkowita od ${min} do ${max}.`}
            value={limit}
            onChange={(event) => setLimit(event.currentTarget.value)}
            inputMode="numeric"
            error={limitError ? t`Liczba całkowita od ${min} do ${max}.` : on('lesson_limit')}
          />
          <DialogActions problem={problem} fields={FIELDS} pending={update.isPending} onCancel={close}>
            <Button type="submit" loading={update.isPending}>
              <Trans>Zapisz</Trans>
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </AppDialog>
  )
}
