import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { ApiError } from '../../api/api-error.ts'
import { inlineErrorMessage } from '../../api/error-messages.ts'
import { useRequestPasswordReset } from '../../api/password-reset.ts'
import { AuthCard } from '../../ui/auth-card.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message, messageNode } from '../../ui/message.tsx'
/** /password-reset: asks for the e-mail address the reset link goes to. */
import { EmailField } from './email-field.tsx'
import { PasswordResetSent } from './password-reset-sent.tsx'
import { emailError } from './validation.ts'

export function PasswordResetRequestScreen() {
  const { t } = useLingui()
  const request = useRequestPasswordReset()
  const [sent, setSent] = useState<{ email: string; at: number } | null>(null)
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => messageNode(emailError(value)) },
  })

  const send = (email: string) => {
    request.reset()
    request.mutate(email.trim(), { onSuccess: () => setSent({ email: email.trim(), at: Date.now() }) })
  }

  const failureMessage = request.error instanceof ApiError ? inlineErrorMessage(request.error) : null
  const failure = failureMessage && (
    <FormError>
      <Message of={failureMessage} />
    </FormError>
  )

  if (sent !== null) {
    return (
      <AuthCard title={t`Sprawdź skrzynkę`}>
        {/* Remounted after every successful send, which restarts the 2-minute wait. */}
        <PasswordResetSent
          key={sent.at}
          email={sent.email}
          onResend={() => send(sent.email)}
          resending={request.isPending}
          failure={failure}
        />
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title={t`Nie pamiętasz hasła?`}
      description={t`Podaj adres e-mail swojego konta. Wyślemy na niego link do ustawienia nowego hasła.`}
    >
      <form onSubmit={form.onSubmit(({ email }) => send(email))} noValidate>
        <Stack gap="md">
          <EmailField form={form} autoComplete="email" />
          {failure}
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            <Trans>Wyślij link</Trans>
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            <Trans>Wróć do logowania</Trans>
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  )
}
