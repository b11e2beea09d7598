import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Stack, Text, Textarea } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { TEXT_LIMIT } from '../../../domain/constants.ts'
import { type AdminTeacher, useRejectTeacher } from '../../api/admin-teachers.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { showToast } from '../../ui/toast.ts'
import { DialogActions } from './dialog-actions.tsx'
import { ProblemText } from './problem-text.tsx'
import { teacherProblem } from './teacher-problems.ts'

type Props = { teacher: AdminTeacher; name: string; opened: boolean; onClose: () => void }

/** A teacher awaiting verification is turned down; the reason is e-mailed in their locale. */
export function TeacherRejectDialog({ teacher, name, opened, onClose }: Props) {
  const { t } = useLingui()
  const reject = useRejectTeacher()
  const [reason, setReason] = useState('')
  const [empty, setEmpty] = useState(false)
  const problem = teacherProblem(reject.error)
  const close = () => {
    if (reject.isPending) return
    reject.reset()
    setEmpty(false)
    onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const text = reason.trim()
    setEmpty(text === '')
    if (text === '') return
    reject.mutate(
      { teacher_id: teacher.id, reason: text },
      {
        onSuccess: ({ mail_sent }) => {
          showToast({
            color: 'green',
            autoClose: 4000,
            message: mail_sent
              ? t`Rejestracja odrzucona: ${name}. E-mail z powodem wysłany.`
              : t`Rejestracja odrzucona: ${name}. E-maila nie udało się wysłać.`,
          })
          setReason('')
          close()
        },
      },
    )
  }
  const language = teacher.locale === 'en' ? t`po angielsku` : t`po polsku`

  return (
    <AppDialog opened={opened} onClose={close} title={t`Odrzuć rejestrację lektora`} variant="edit">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            <Trans>
              Konto: {name} — bez możliwości logowania. Powód wyślemy e-mailem ({language}).
            </Trans>
          </Text>
          <Textarea
            label={t`Powód`}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            rows={4}
            maxLength={TEXT_LIMIT}
            required
            error={
              empty ? (
                t`Podaj powód`
              ) : problem?.field === 'reason' ? (
                <ProblemText problem={problem.message} />
              ) : null
            }
          />
          <DialogActions problem={problem} fields={['reason']} pending={reject.isPending} onCancel={close}>
            <Button type="submit" color="red" loading={reject.isPending}>
              <Trans>Odrzuć rejestrację</Trans>
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </AppDialog>
  )
}
