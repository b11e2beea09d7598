import { Trans, useLingui } from '@lingui/react/macro'
import { Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useInviteStudent } from '../../api/admin-students.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import { showToast } from '../../ui/toast.ts'
import { AccessCheckboxes, type AccessFlags } from './access-checkboxes.tsx'
import { AdminDateField, isDayTypo } from './admin-date-field.tsx'
import { DialogActions } from './dialog-actions.tsx'
import { ProblemText } from './problem-text.tsx'
import { studentProblem } from './student-problems.ts'

const FIELDS = ['email', 'active_until', 'company_name']

/**
 * product-rules.md "Who uses it": a student is invited by the school with access flags and an
 * "active until" date.
 */
export function StudentInviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const invite = useInviteStudent()
  const [email, setEmail] = useState('')
  const [access, setAccess] = useState<AccessFlags>({ human: true, ai: false, group: false })
  const { human, ai, group } = access
  const [until, setUntil] = useState('')
  const [company, setCompany] = useState('')
  const [locale, setLocale] = useState<'pl' | 'en'>('pl')
  const [emptyEmail, setEmptyEmail] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const problem = studentProblem(invite.error)
  const on = (field: string) => (problem?.field === field ? <ProblemText problem={problem.message} /> : null)
  const close = () => {
    if (!invite.isPending) onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const address = email.trim()
    setEmptyEmail(address === '')
    setSubmitted(true)
    if (address === '' || isDayTypo(until)) return
    invite.mutate(
      {
        email: address,
        human_access: human,
        ai_access: ai,
        only_group_lessons: group,
        active_until: until === '' ? null : until,
        company_name: company.trim() === '' ? null : company.trim(),
        locale,
      },
      {
        onSuccess: ({ student, resent, mail_sent }) => {
          const message = !mail_sent
            ? t`Konto ${student.email} jest gotowe, ale e-maila nie udało się wysłać.`
            : resent
              ? t`Wysłaliśmy nowe zaproszenie do ${student.email}.`
              : t`Wysłaliśmy zaproszenie do ${student.email}.`
          showToast({ color: mail_sent ? 'green' : 'yellow', autoClose: 4000, message })
          onClose()
        },
      },
    )
  }

  return (
    <AppDialog opened onClose={close} title={t`Zaproś kursanta`} variant="edit">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            type="email"
            label={t`E-mail`}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            required
            error={emptyEmail ? t`Podaj adres e-mail` : on('email')}
          />
          <AccessCheckboxes value={access} onChange={setAccess} />
          <AdminDateField
            label={t`Aktywny do`}
            description={t`Puste pole: bez daty końca.`}
            value={until}
            onChange={setUntil}
            error={on('active_until')}
            submitted={submitted}
          />
          <TextInput
            label={t`Firma`}
            value={company}
            onChange={(event) => setCompany(event.currentTarget.value)}
            error={on('company_name')}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="invite-locale">
              <Trans>Język zaproszenia</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby="invite-locale"
              value={locale}
              onChange={(value) => setLocale(value === 'en' ? 'en' : 'pl')}
              data={[
                { value: 'pl', label: t`polski` },
                { value: 'en', label: t`angielski` },
              ]}
            />
          </div>
          <DialogActions problem={problem} fields={FIELDS} pending={invite.isPending} onCancel={close}>
            <Button type="submit" loading={invite.isPending}>
              <Trans>Wyślij zaproszenie</Trans>
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </AppDialog>
  )
}
