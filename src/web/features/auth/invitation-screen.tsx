import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Stack, Text } from '@mantine/core'
import { useCallback, useEffect, useRef } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { ApiError } from '../../api/api-error.ts'
import { codeMessage, inlineErrorMessage } from '../../api/error-messages.ts'
import { useAcceptInvitation } from '../../api/invitation.ts'
import { AuthCard } from '../../ui/auth-card.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'

/** /invitation?token=…: accepts a student's invitation, signs them in and starts registration. */
export function InvitationScreen() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const accept = useAcceptInvitation()
  const { mutate } = accept
  const start = useCallback(
    () => mutate(token, { onSuccess: () => navigate('/registration', { replace: true }) }),
    [mutate, token, navigate],
  )
  const started = useRef(false)

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects: the token may be single-use.
    if (started.current || token === '') return
    started.current = true
    start()
  }, [start, token])

  const invalid =
    token === '' || (accept.error instanceof ApiError && accept.error.code === 'invitation_invalid')
  if (invalid) {
    return (
      <AuthCard title={t`Zaproszenie`}>
        <Stack gap="md">
          <FormError>
            <Message of={codeMessage('invitation_invalid')} />
          </FormError>
          <Text size="sm">
            <Trans>Poproś szkołę o nowe zaproszenie. Jeśli masz już konto, po prostu się zaloguj.</Trans>
          </Text>
          <Anchor component={Link} to="/login" size="sm">
            <Trans>Przejdź do logowania</Trans>
          </Anchor>
        </Stack>
      </AuthCard>
    )
  }

  const failureMessage = accept.error instanceof ApiError ? inlineErrorMessage(accept.error) : null
  if (accept.isError) {
    return (
      <AuthCard title={t`Zaproszenie`}>
        {failureMessage && (
          <FormError>
            <Message of={failureMessage} />
          </FormError>
        )}
        <Button variant="default" onClick={start}>
          <Trans>Spróbuj ponownie</Trans>
        </Button>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t`Zaproszenie`}>
      <PageLoader label={<Trans>Aktywujemy Twoje konto…</Trans>} />
    </AuthCard>
  )
}
