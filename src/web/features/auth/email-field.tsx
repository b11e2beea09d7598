import { useLingui } from '@lingui/react/macro'
import { TextInput } from '@mantine/core'
import type { ChangeEvent, ReactNode } from 'react'
import { clearServerError } from '../../api/server-error.ts'

/**
 * The e-mail field of the auth forms, bound to a form's `email` value. Typing clears the global
 * server-error state (product-rules.md "Errors") and focusing clears the field's own error
 * ("Validation").
 */
/** What the field needs of its form: @mantine/form's useForm, or the login's useLoginFields. */
type EmailForm = {
  getInputProps: (field: 'email') => {
    value?: string
    error?: ReactNode
    onChange: (event: ChangeEvent<HTMLInputElement>) => void
  }
  clearFieldError: (field: 'email') => void
}

export function EmailField({ form, autoComplete }: { form: EmailForm; autoComplete: 'username' | 'email' }) {
  const { t } = useLingui()
  const input = form.getInputProps('email')
  return (
    <TextInput
      label={t`E-mail`}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      required
      {...input}
      onChange={(event) => {
        clearServerError()
        input.onChange(event)
      }}
      onFocus={() => form.clearFieldError('email')}
    />
  )
}
