import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack } from '@mantine/core'
import { Suspense, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { ApiError } from '../../api/api-error.ts'
import { prepareSignIn, useSignIn } from '../../api/auth.ts'
import { inlineErrorMessage } from '../../api/error-messages.ts'
import { FormError } from '../../ui/form-error.tsx'
import { lazyComponent, useEverOpened } from '../../ui/lazy-component.tsx'
import { Message, messageNode } from '../../ui/message.tsx'
import { EmailField } from './email-field.tsx'
import { applyFieldErrors } from './form-errors.ts'
import { useLoginFields } from './use-login-fields.ts'
import { emailError, requiredError } from './validation.ts'

// Few sign-ins are refused for a ban: the dialog (and Mantine's Modal) loads when one is.
const BanDialog = lazyComponent(async () => (await import('./ban-dialog.tsx')).BanDialog)

/** The address a page that just set the password hands on (new-password-form.tsx). */
const emailFrom = (state: unknown): string =>
  typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string'
    ? state.email
    : ''

/**
 * E-mail, password and remember-me (the login input of product-rules.md "Records and fields"). On
 * success the session is stored and the navigation guard moves the user on from the login path
 * ("Navigation guard").
 */
export function LoginForm() {
  const { t, i18n } = useLingui()
  const signIn = useSignIn()
  const [banUntil, setBanUntil] = useState<string | null>(null)
  const banDialogMounted = useEverOpened(banUntil !== null)
  const form = useLoginFields(
    {
      email: (value) => messageNode(emailError(value)),
      password: (value) => messageNode(requiredError(value)),
    },
    emailFrom(useLocation().state),
  )

  const submit = form.onSubmit((values) => {
    signIn.reset()
    signIn.mutate(values, {
      onError: (error) => {
        if (!(error instanceof ApiError)) return
        applyFieldErrors(form, error, i18n)
        if (error.code === 'account_banned') setBanUntil(error.params.date ?? null)
      },
    })
  })

  // A ban is said once, by its dialog (it was said twice).
  const failure =
    signIn.error instanceof ApiError &&
    signIn.error.fieldErrors.length === 0 &&
    signIn.error.code !== 'account_banned'
      ? signIn.error
      : null
  const failureMessage = failure ? inlineErrorMessage(failure) : null

  return (
    <form onSubmit={submit} onFocus={prepareSignIn} noValidate>
      <Stack gap="md">
        <EmailField form={form} autoComplete="username" />
        <PasswordInput
          label={t`Hasło`}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t`Pokaż lub ukryj hasło` }}
          {...form.getInputProps('password')}
          onFocus={() => form.clearFieldError('password')}
        />
        <Group justify="space-between" gap="sm">
          <Checkbox label={t`Zapamiętaj mnie`} {...form.getCheckboxProps('remember')} />
          <Anchor component={Link} to="/password-reset" size="sm">
            <Trans>Nie pamiętasz hasła?</Trans>
          </Anchor>
        </Group>
        {failureMessage && (
          <FormError>
            <Message of={failureMessage} />
          </FormError>
        )}
        <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
          <Trans>Zaloguj się</Trans>
        </Button>
      </Stack>
      {banDialogMounted && (
        <Suspense fallback={null}>
          <BanDialog until={banUntil} onClose={() => setBanUntil(null)} />
        </Suspense>
      )}
    </form>
  )
}
