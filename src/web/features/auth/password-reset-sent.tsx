import { Trans } from '@lingui/react/macro'
import { Anchor, Button, Stack, Text } from '@mantine/core'
import { type ReactNode, useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { PASSWORD_RESET_RETRY_MS } from '../../../domain/constants.ts'

type Props = { email: string; onResend: () => void; resending: boolean; failure: ReactNode }

/**
 * The same answer whatever the address (no hint whether an account exists). Sending again is
 * possible after the 2-minute wait the server enforces (product-rules.md "Constants and limits").
 */
export function PasswordResetSent({ email, onResend, resending, failure }: Props) {
  const [canResend, setCanResend] = useState(false)

  useEffect(() => {
    const timer = setTimeout(() => setCanResend(true), PASSWORD_RESET_RETRY_MS)
    return () => clearTimeout(timer)
  }, [])

  return (
    <Stack gap="md">
      <Text>
        <Trans>
          Jeśli w Lektorium jest konto z adresem <strong>{email}</strong>, wysłaliśmy na nie link do
          ustawienia nowego hasła. Link może dotrzeć po kilku minutach – zajrzyj też do folderu spam.
        </Trans>
      </Text>
      <Text c="dimmed" size="sm" aria-live="polite">
        {canResend ? (
          <Trans>Wiadomość nie dotarła? Możesz wysłać link ponownie.</Trans>
        ) : (
          <Trans>Jeśli wiadomość nie dotrze, po 2 minutach możesz wysłać link ponownie.</Trans>
        )}
      </Text>
      {failure}
      <Button variant="default" fullWidth disabled={!canResend} loading={resending} onClick={onResend}>
        <Trans>Wyślij link ponownie</Trans>
      </Button>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        <Trans>Wróć do logowania</Trans>
      </Anchor>
    </Stack>
  )
}
