import { Trans, useLingui } from '@lingui/react/macro'
import { Button, PasswordInput, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useNavigate } from 'react-router-dom'
import type { ResetPurpose } from '../../../domain/api/password-reset.ts'
import { PASSWORD_MIN, TOAST_MS } from '../../../domain/constants.ts'
import { ApiError } from '../../api/api-error.ts'
import { inlineErrorMessage } from '../../api/error-messages.ts'
import { useUpdatePassword } from '../../api/password-reset.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message, messageNode } from '../../ui/message.tsx'
import { showToast } from '../../ui/toast.ts'
import { applyFieldErrors } from './form-errors.ts'
import { confirmationError, newPasswordError } from './validation.ts'

type Props = {
  token: string
  /** Whose password it is: its e-mail goes to the login page; a first password is not "new". */
  account: { email: string; purpose: ResetPurpose } | undefined
  onTokenInvalid: () => void
}

/** New password and its confirmation (product-rules.md "Passwords": at least 8 characters, both equal). */
export function NewPasswordForm({ token, account, onTokenInvalid }: Props) {
  const first = account !== undefined && account.purpose !== 'new_password'
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const update = useUpdatePassword()
  const form = useForm({
    initialValues: { password: '', password_confirmation: '' },
    validate: {
      password: (value) => messageNode(newPasswordError(value)),
      password_confirmation: (value, values) => messageNode(confirmationError(value, values.password)),
    },
  })

  const submit = form.onSubmit((values) => {
    update.reset()
    update.mutate(
      { reset_token: token, ...values },
      {
        onSuccess: () => {
          showToast({
            color: 'green',
            title: first ? t`Hasło zostało ustawione` : t`Hasło zostało zmienione`,
            message: first ? t`Zaloguj się tym hasłem.` : t`Zaloguj się nowym hasłem.`,
            autoClose: TOAST_MS,
          })
          // The login page fills the address in (login-form.tsx reads it from the state).
          navigate('/login', { replace: true, state: account ? { email: account.email } : null })
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return
          if (error.code === 'reset_token_invalid') onTokenInvalid()
          else applyFieldErrors(form, error, i18n)
        },
      },
    )
  })

  const failure =
    update.error instanceof ApiError && update.error.fieldErrors.length === 0 ? update.error : null
  const failureMessage = failure ? inlineErrorMessage(failure) : null

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={first ? t`Hasło` : t`Nowe hasło`}
          description={t`Co najmniej ${PASSWORD_MIN} znaków.`}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t`Pokaż lub ukryj hasło` }}
          {...form.getInputProps('password')}
          onFocus={() => form.clearFieldError('password')}
        />
        <PasswordInput
          label={first ? t`Powtórz hasło` : t`Powtórz nowe hasło`}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t`Pokaż lub ukryj hasło` }}
          {...form.getInputProps('password_confirmation')}
          onFocus={() => form.clearFieldError('password_confirmation')}
        />
        {failureMessage && (
          <FormError>
            <Message of={failureMessage} />
          </FormError>
        )}
        <Button type="submit" size="md" fullWidth loading={update.isPending}>
          {first ? <Trans>Zapisz hasło</Trans> : <Trans>Zapisz nowe hasło</Trans>}
        </Button>
      </Stack>
    </form>
  )
}
