import { useLingui } from '@lingui/react/macro'
import { TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { clearServerError } from '../../api/server-error.ts'

/**
 * The e-mail field of the auth forms, bound to a form's `email` value. Typing clears the global
 * server-error state (spec §8) and focusing clears the field's own error (spec §5).
 */
export function EmailField<T extends { email: string }>({
  form,
  autoComplete,
}: {
  form: UseFormReturnType<T>
  autoComplete: 'username' | 'email'
}) {
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
