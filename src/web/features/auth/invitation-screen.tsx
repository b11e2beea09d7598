import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { useCallback, useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { ApiError } from '../../api/api-error.ts'
import { inlineErrorMessage } from '../../api/error-messages.ts'
import { useAcceptInvitation } from '../../api/invitation.ts'
import { AuthCard } from '../../ui/auth-card.tsx'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { InvitationUnusable, refusalOf } from './invitation-unusable.tsx'

/**
 * /invitation?token=…: accepts a student's invitation, signs them in and starts registration. The
 * link works again until the password is set or it expires.
 */
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
    // Once per visit, also under StrictMode's double effects: each acceptance starts a session.
    if (started.current || token === '') return
    started.current = true
    start()
  }, [start, token])

  const refusal = accept.error instanceof ApiError && accept.error.code === 'invitation_invalid'
  if (token === '' || refusal) {
    const reason = accept.error instanceof ApiError ? accept.error.params.reason : undefined
    return <InvitationUnusable refusal={refusalOf(reason)} />
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
