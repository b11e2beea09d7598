import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import type { ResetPurpose } from '../../../domain/api/password-reset.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { useResetTokenValidity } from '../../api/password-reset.ts'
import { AuthCard } from '../../ui/auth-card.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { NewPasswordForm } from './new-password-form.tsx'

/** The page's words for what the link sets (the server knows whose password it is). */
function useTexts(purpose: ResetPurpose | undefined) {
  const { t } = useLingui()
  if (purpose === 'console_password')
    return { title: t`Ustaw hasło do konsoli`, description: t`Tym hasłem zalogujesz się do konsoli szkoły.` }
  if (purpose === 'new_password')
    return { title: t`Ustaw nowe hasło`, description: t`Wpisz nowe hasło do swojego konta w Lektorium.` }
  // A first password, or not known yet while the link is checked.
  return { title: t`Ustaw hasło`, description: t`Tym hasłem zalogujesz się do Lektorium.` }
}

/** /password-reset/new?token=…: checks the e-mailed link first, then asks for the new password. */
export function PasswordResetNewScreen() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const validity = useResetTokenValidity(token)
  const [expired, setExpired] = useState(false)
  const texts = useTexts(validity.data?.purpose)

  const invalid =
    token === '' ||
    expired ||
    (validity.error instanceof ApiError && validity.error.code === 'reset_token_invalid')
  if (invalid) return <InvalidLink />

  if (validity.isPending) {
    return (
      <AuthCard title={texts.title}>
        <PageLoader label={<Trans>Sprawdzamy link…</Trans>} />
      </AuthCard>
    )
  }

  if (validity.error) {
    const message =
      validity.error instanceof ApiError ? apiErrorMessage(validity.error) : codeMessage('server_error')
    return (
      <AuthCard title={texts.title}>
        <FormError>
          <Message of={message} />
        </FormError>
        <Button variant="default" onClick={() => void validity.refetch()} loading={validity.isFetching}>
          <Trans>Spróbuj ponownie</Trans>
        </Button>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={texts.title} description={texts.description}>
      <NewPasswordForm token={token} account={validity.data} onTokenInvalid={() => setExpired(true)} />
    </AuthCard>
  )
}

function InvalidLink() {
  const { t } = useLingui()
  return (
    <AuthCard title={t`Link jest nieaktualny`}>
      <Stack gap="md">
        <FormError>
          <Message of={codeMessage('reset_token_invalid')} />
        </FormError>
        <Text size="sm">
          <Trans>
            Linki do zmiany hasła działają przez ograniczony czas i tylko raz. Poproś o nowy link.
          </Trans>
        </Text>
        <Button component={Link} to="/password-reset" fullWidth>
          <Trans>Wyślij nowy link</Trans>
        </Button>
      </Stack>
    </AuthCard>
  )
}
