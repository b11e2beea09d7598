import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, TextInput } from '@mantine/core'
import { IconUserPlus } from '@tabler/icons-react'
import { useState } from 'react'
import * as v from 'valibot'
import { emailSchema } from '../../../domain/api/common.ts'
import { issueTextOf } from '../../api/issue-messages.ts'

/**
 * A teacher adds a student by the e-mail they sign in with (teacher_students/create {emails};
 * decisions.md "A teacher adds students by e-mail; students see plainly who will not take them");
 * the address joins the list ticked and the server checks it on Save. Enter adds here instead of
 * submitting the dialog.
 */
export function AddStudentField({ onAdd }: { onAdd: (email: string) => void }) {
  const { t, i18n } = useLingui()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const add = () => {
    const parsed = v.safeParse(emailSchema, email)
    if (!parsed.success) return setError(i18n._(issueTextOf(parsed.issues[0].message)))
    onAdd(parsed.output)
    setEmail('')
    setError(null)
  }
  return (
    <TextInput
      type="email"
      autoComplete="off"
      label={t`Dodaj kursanta po adresie e-mail`}
      description={t`Adres, którym kursant loguje się do Lektorium.`}
      value={email}
      error={error}
      onChange={(event) => {
        setEmail(event.currentTarget.value)
        setError(null)
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return
        event.preventDefault()
        add()
      }}
      // The button beside the input, under the label and description (which keep the width).
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
          <Button variant="default" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={add}>
            <Trans>Dodaj</Trans>
          </Button>
        </Group>
      )}
    />
  )
}
